import type { Plugin } from 'vite';

// What the root route itself loads on every page (React, React Router, Mantine's core and the components of the
// layout, the app's shell helpers). Left alone, the bundler splits these by which other routes also use each piece,
// so every new route adds small shared chunks that every page fetches. Only modules that the root already loads
// statically belong here, so no page downloads more bytes; nothing lazy-loaded may match.
const SHELL_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|clsx)[\\/]`,
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$`,
    String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|AppShell|Badge|Burger|Button|Container|Divider|Group|Loader|LoadingOverlay|NavLink|Stack|Text|Title)[\\/]`,
    String.raw`node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)\.mjs$`,
    String.raw`[\\/]app[\\/](config|lib[\\/](session|root-data|meta|chunk-reload)|components[\\/](waiting[\\/]waiting-context|layout[\\/]layout-context|dialogs[\\/]dialogs-context))\.ts$`,
  ].join('|'),
);

/** Groups the app shell into one chunk of the client build: fewer requests on the first load of any page. */
export function shellChunk(): Plugin {
  return {
    name: 'eco-shell-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(options) {
      return { ...options, codeSplitting: { groups: [{ name: 'shell', test: SHELL_MODULES }] } };
    },
  };
}
