import type { Plugin } from 'vite';
import { themeStylesheet } from './app/styles/theme-stylesheet.ts';
import { cssVariablesResolver, theme } from './app/theme.ts';

const ID = 'virtual:theme.css';
const RESOLVED = `\0${ID}`;

/**
 * `import 'virtual:theme.css'`: the theme's CSS variables and breakpoint classes, written once at build time from
 * app/theme.ts (what MantineProvider would compute and inline into every document on every render).
 */
export function themeCss(): Plugin {
  return {
    name: 'eco-theme-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? themeStylesheet(theme, cssVariablesResolver) : undefined),
  };
}
