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
// Mantine's palettes whose light variants (alerts, badges, light buttons) the app uses with their text in the colour:
// at the primary shade (7) that text is under 4.5:1 on the tint; shade 9 passes WCAG AA.
const LIGHT_VARIANT_COLORS = [
  'gray',
  'red',
  'grape',
  'blue',
  'green',
  'yellow',
  'orange',
  'teal',
  'violet',
  'cyan',
];

// Mantine's error red (red-6) is 3.3:1 on white: field messages and invalid inputs use red-9 (5.4:1).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((color) => [
        `--mantine-color-${color}-light-color`,
        `var(--mantine-color-${color}-9)`,
      ]),
    ),
  },
  dark: {},
});
