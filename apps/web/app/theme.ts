import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';
import { createTheme } from '@mantine/core';

// Shade 7 (the filled/anchor shade in light mode) gives 5.6:1 against white: WCAG AA for text and buttons.
const eco: MantineColorsTuple = [
  '#e8f7ec',
  '#d2eedb',
  '#a5dcb6',
  '#74c98e',
  '#4bb96c',
  '#33ad58',
  '#1f8a43',
  '#18773a',
  '#126530',
  '#0b5226',
];

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** Colour of the browser UI (meta theme-color) and of the logo. */
export const BRAND_COLOR = eco[7];

export const theme = createTheme({
  colors: { eco },
  primaryColor: 'eco',
  primaryShade: { light: 7, dark: 5 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts },
  defaultRadius: 'md',
  // xs is the mobile breakpoint of the spec: 630 px. Keep postcss.config.js in sync.
  breakpoints: { xs: '39.375em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  cursorType: 'pointer',
});

// Mantine's default dimmed grey (gray-6) is 3.3:1 on white; gray-7-ish keeps secondary text readable.
// The text of light variants (alerts, badges, light buttons, avatars' initials) on their tint. Mantine takes the
// primary shade (7), under 4.5:1 for most palettes: shade 9 where it passes WCAG AA, a darker tone of the same hue
// where even shade 9 does not (green, yellow, orange, teal, lime: 2.7–4.3:1 on their tint).
const LIGHT_VARIANT_TEXT: Record<string, string> = {
  dark: 'var(--mantine-color-dark-9)',
  gray: 'var(--mantine-color-gray-9)',
  red: 'var(--mantine-color-red-9)',
  pink: 'var(--mantine-color-pink-9)',
  grape: 'var(--mantine-color-grape-9)',
  violet: 'var(--mantine-color-violet-9)',
  indigo: 'var(--mantine-color-indigo-9)',
  blue: 'var(--mantine-color-blue-9)',
  cyan: 'var(--mantine-color-cyan-9)',
  teal: '#06694b',
  green: '#237032',
  lime: '#44700a',
  yellow: '#9a4d00',
  orange: '#a3360b',
};

// Mantine's error red (red-6) is 3.3:1 on white: field messages and invalid inputs use red-9 (5.4:1).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    ...Object.fromEntries(
      Object.entries(LIGHT_VARIANT_TEXT).map(([color, text]) => [
        `--mantine-color-${color}-light-color`,
        text,
      ]),
    ),
  },
  dark: {},
});
