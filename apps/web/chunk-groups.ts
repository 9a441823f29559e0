import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

// Every page loads the client entry and the root route, and everything they import statically (React, React Router,
// Mantine's provider and the layout's components, their icons, the app's shell helpers). Left alone, the bundler
// splits these by which other routes also use each piece, so a page fetched two dozen chunks of a few hundred bytes,
// each costing a request and its headers (about 1.1 KB of them) on a slow phone. The plugin follows the static
// imports from the entry and the root once the module graph is known and makes them one chunk: only modules that
// every page already loads, so no page downloads more bytes, and nothing lazy-loaded (a dynamic import is not
// followed) joins it.
const SHELL_ENTRIES = /[\\/]app[\\/](root|entry\.client)\.tsx$/;

// Index modules that re-export a whole library. Following one would pull every component and icon into the shell, so
// only the names a module imports from it are followed, to the file that defines each.
const BARRELS: Record<string, RegExp> = {
  '@mantine/core': /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/dates': /[\\/]@mantine[\\/]dates[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@mantine/notifications': /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react': /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
};

const NAMED_IMPORT = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** The names of `import { a, b as c } from 'x'` (and `export { … } from`) in some code, by specifier. */
function namedImports(code: string): { names: string[]; source: string }[] {
  return [...code.matchAll(NAMED_IMPORT)].map(([, list = '', source = '']) => ({
    source,
    names: list
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/))
      .filter(([name]) => name !== undefined && name !== '' && !name.startsWith('type '))
      .map(([name, alias]) => alias ?? name!),
  }));
}

/** Where a barrel takes each name it exports from: name → file. */
function barrelMap(barrelId: string, code: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const { names, source } of namedImports(code)) {
    if (!source.startsWith('.')) continue;
    for (const name of names) map.set(name, resolve(dirname(barrelId), source));
  }
  return map;
}

/** Groups the app shell into one chunk of the client build: fewer requests on the first load of any page. */
export function shellChunk(): Plugin {
  const shell = new Set<string>();
  return {
    name: 'eco-shell-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      shell.clear();
      const barrels = new Map<string, Map<string, string>>();
      const exportsOf = (barrelId: string) => {
        let map = barrels.get(barrelId);
        if (map === undefined) {
          map = barrelMap(barrelId, this.getModuleInfo(barrelId)?.code ?? '');
          barrels.set(barrelId, map);
        }
        return map;
      };
      // The modules that the given ones import statically, through the barrels by name.
      const closure = (entries: string[]): Set<string> => {
        const found = new Set<string>();
        const pending = [...entries];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (found.has(id)) continue;
          found.add(id);
          const info = this.getModuleInfo(id);
          const imports = namedImports(info?.code ?? '');
          for (const imported of info?.importedIds ?? []) {
            const barrel = Object.entries(BARRELS).find(([, pattern]) => pattern.test(imported))?.[0];
            if (barrel === undefined) {
              pending.push(imported);
              continue;
            }
            const map = exportsOf(imported);
            for (const { names, source } of imports) {
              if (source !== barrel) continue;
              for (const name of names) {
                const file = map.get(name);
                if (file !== undefined) pending.push(file);
              }
            }
          }
        }
        return found;
      };
      const ids = [...this.getModuleIds()];
      for (const id of closure(ids.filter((id) => SHELL_ENTRIES.test(id)))) shell.add(id);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shell.has(id) }] },
      };
    },
  };
}
