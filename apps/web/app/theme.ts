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
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
