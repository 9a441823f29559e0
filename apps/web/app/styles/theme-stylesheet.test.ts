import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../theme';
import { themeStylesheet } from './theme-stylesheet';

/** The contents of the <style> elements MantineProvider writes into a document, in order. */
function providerStyles(): string[] {
  const html = renderToString(
    createElement(MantineProvider, {
      theme,
      cssVariablesResolver,
      defaultColorScheme: 'light',
      forceColorScheme: 'light',
      children: createElement('p', null, 'x'),
    }),
  );
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
}

describe('the theme stylesheet built once', () => {
  const built = themeStylesheet(theme, cssVariablesResolver);

  it('holds what MantineProvider writes into every document, but the dark scheme the site never shows', () => {
    const [variables = '', classes = ''] = providerStyles();
    const darkBlock =
      /:root\[data-mantine-color-scheme="dark"\], :host\(\[data-mantine-color-scheme="dark"\]\)\{[^}]*\}/;
    expect(variables).toMatch(darkBlock);
    expect(built).toBe(`${variables.replace(darkBlock, '')}\n${classes}\n`);
  });

  it('carries the brand colour, the readable dimmed grey and the mobile breakpoint', () => {
    expect(built).toContain('--mantine-color-eco-7: #18773a;');
    expect(built).toContain('--mantine-primary-color-filled: var(--mantine-color-eco-filled);');
    expect(built).toContain('--mantine-color-dimmed: #5c636a;');
    expect(built).toContain(
      '@media (min-width: 39.375em) {.mantine-hidden-from-xs {display: none !important;}}',
    );
    expect(built).not.toContain('data-mantine-color-scheme="dark"');
  });
});
