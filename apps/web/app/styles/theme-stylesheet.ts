import type { CSSVariablesResolver, MantineTheme, MantineThemeOverride } from '@mantine/core';
import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  keys,
  mergeMantineTheme,
  px,
} from '@mantine/core';

type Variables = Record<string, string>;

/** The variables of `all` whose value differs from Mantine's own stylesheet (`default`). */
function changed(all: Variables, defaults: Variables): Variables {
  return Object.fromEntries(Object.entries(all).filter(([name, value]) => defaults[name] !== value));
}

/** Mantine's `hiddenFrom` / `visibleFrom` classes at the theme's breakpoints, as MantineClasses writes them. */
function breakpointClasses(theme: MantineTheme): string {
  return keys(theme.breakpoints)
    .map((breakpoint) => {
      const value = theme.breakpoints[breakpoint] ?? '';
      const inPx = value.includes('px');
      const width = px(value) as number;
      const below = inPx ? `${width - 0.1}px` : em(width - 0.1);
      const from = inPx ? `${width}px` : em(width);
      return (
        `@media (max-width: ${below}) {.mantine-visible-from-${breakpoint} {display: none !important;}}` +
        `@media (min-width: ${from}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`
      );
    })
    .join('');
}

/**
 * What MantineProvider writes into every document as two <style> elements (the theme's CSS variables where they
 * differ from Mantine's defaults, and the breakpoint classes), computed once at build time instead: the same
 * functions, the same output, for the light scheme alone (the site forces it, so the dark block would never apply).
 */
export function themeStylesheet(override: MantineThemeOverride, resolver: CSSVariablesResolver): string {
  const theme = mergeMantineTheme(DEFAULT_THEME, override);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const own = defaultCssVariablesResolver(theme);
  const extra = resolver(theme);
  const css = convertCssVariables({
    variables: changed({ ...own.variables, ...extra.variables }, defaults.variables),
    light: changed({ ...own.light, ...extra.light }, defaults.light),
    dark: {},
  });
  return `${css}\n${breakpointClasses(theme)}\n`;
}
