import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

// Every page loads the client entry and the root route, and everything they import statically (React, React Router,
// Mantine's provider, the layout in plain elements, its icons, the app's shell helpers). Left alone, the bundler
// splits these by which other routes also use each piece, so a page fetched two dozen chunks of a few hundred bytes,
// each costing a request and its headers on a slow phone. The plugin follows the static imports from the entry and
// the root once the module graph is known and makes them one chunk, the shell: only modules that every page already
// loads, so no page downloads more bytes, and nothing lazy-loaded (a dynamic import is not followed) joins it.
const SHELL_ENTRIES = /[\\/]app[\\/](root|entry\.client)\.tsx$/;

// The guest pages a first visit lands on (decision 018). The modules each of these routes imports statically,
// outside the shell, are grouped by who else uses them: which of these pages, the shell's lazy parts, the other
// routes. Explore loads the group of explore and detail, that of explore and the other routes, and so on: a handful
// of chunks instead of one per combination of the thirty routes and the lazy dialogs that share a module. A page
// still loads only modules it imports; another route that uses one module of a group loads the whole group.
const GUEST_ROUTES: Record<string, RegExp> = {
  home: /[\\/]app[\\/]routes[\\/]home\.tsx$/,
  explore: /[\\/]app[\\/]routes[\\/]publications[\\/]explore\.tsx$/,
  detail: /[\\/]app[\\/]routes[\\/]publications[\\/]detail\.tsx$/,
};

// Index modules that re-export a whole library. Following one would pull every component, icon or schema into a
// group, so only the names a module imports from it are followed, to the file that defines each.
const BARRELS: Record<string, RegExp> = {
  '@eco/domain': /[\\/]packages[\\/]domain[\\/]src[\\/]index\.ts$/,
  '@mantine/core': /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/dates': /[\\/]@mantine[\\/]dates[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@mantine/notifications': /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react': /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
};

const NAMED_IMPORT = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_EXPORT = /export\s*\*\s*from\s*["']([^"']+)["']/g;

type NamedImport = { source: string; names: { imported: string; local: string }[] };

/** The names of `import { a, b as c } from 'x'` (and `export { … } from`) in some code, by specifier. */
function namedImports(code: string): NamedImport[] {
  return [...code.matchAll(NAMED_IMPORT)].map(([, list = '', source = '']) => ({
    source,
    names: list
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => {
        const [imported = '', local = imported] = part.split(/\s+as\s+/);
        return { imported, local };
      }),
  }));
}

type ModuleInfoOf = (id: string) => { code: string | null; exports: string[] } | null;

/** Where a barrel takes each name it exports from: name → file (`export { … } from` and `export * from`). */
function barrelMap(barrelId: string, moduleInfo: ModuleInfoOf): Map<string, string> {
  const code = moduleInfo(barrelId)?.code ?? '';
  const map = new Map<string, string>();
  for (const { names, source } of namedImports(code)) {
    if (!source.startsWith('.')) continue;
    for (const { local } of names) map.set(local, resolve(dirname(barrelId), source));
  }
  for (const [, source = ''] of code.matchAll(STAR_EXPORT)) {
    if (!source.startsWith('.')) continue;
    const file = resolve(dirname(barrelId), source);
    for (const name of moduleInfo(file)?.exports ?? []) if (!map.has(name)) map.set(name, file);
  }
  return map;
}

/** Every non-empty subset of the given items, each in their order. */
function subsets<T>(items: T[]): T[][] {
  const found: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask += 1) {
    found.push(items.filter((_, index) => (mask & (1 << index)) !== 0));
  }
  return found;
}

/** The users' names of the shell's lazily loaded parts and of the other routes. */
const LAZY = 'lazy';
const OTHER = 'other';

const groupName = (pages: string[]) => `guest-${pages.join('-')}`;

/** A module id without the query a plugin may add (React Router's route entries). */
const stripQuery = (id: string) => id.replace(/\?.*$/, '');

/** Groups the app shell into one chunk, and the guest pages' own modules by the guest pages that use them. */
export function chunkGroups(): Plugin {
  const shell = new Set<string>();
  /** Module id → the name of its guest group. */
  const guest = new Map<string, string>();
  return {
    name: 'eco-chunk-groups',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      shell.clear();
      guest.clear();
      const moduleInfo: ModuleInfoOf = (id) => this.getModuleInfo(id);
      const barrels = new Map<string, Map<string, string>>();
      const exportsOf = (barrelId: string) => {
        let map = barrels.get(barrelId);
        if (map === undefined) {
          map = barrelMap(barrelId, moduleInfo);
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
              for (const { imported: name } of names) {
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
      const users = new Map<string, string[]>();
      const guestRoutes = new Set<string>();
      for (const [page, pattern] of Object.entries(GUEST_ROUTES)) {
        const route = ids.find((id) => pattern.test(id));
        if (route === undefined) continue;
        guestRoutes.add(route);
        for (const id of closure([route])) {
          if (!shell.has(id)) users.set(id, [...(users.get(id) ?? []), page]);
        }
      }
      // Two more users: the shell's own lazily loaded parts (dialogs, the drawer, the waiting overlay, the notices, the
      // session timer) and the other routes. What a guest page shares with them makes groups of its own, so that
      // opening a dialog, or the first load of another route (sign-in, say, for one text field), does not fetch a
      // guest page's groups whole.
      const lazyParts = [...shell].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      const otherRoutes = ids.filter((id) => {
        const module = stripQuery(id);
        return this.getModuleInfo(id)?.isEntry && !SHELL_ENTRIES.test(module) && !guestRoutes.has(module);
      });
      for (const [user, entries] of [
        [LAZY, lazyParts],
        [OTHER, otherRoutes],
      ] as const) {
        for (const id of closure(entries)) {
          const pages = users.get(id);
          if (pages !== undefined) users.set(id, [...pages, user]);
          else if (!shell.has(id) && user === LAZY) users.set(id, [LAZY]);
        }
      }
      // A guest page's own modules (no other page, route or lazy part imports them) stay in its route chunk, where
      // the bundler puts them: one file instead of the route's re-exporting file and a group. When the page has groups
      // of its own anyway, its stylesheets all go to one of them (that page's, the lazy parts' and the other routes'):
      // each group with styles is a render-blocking file on the page, and a few KB of styles cost the others less than
      // a round trip costs the page.
      const guestsOf = (pages: string[]) => pages.filter((page) => page in GUEST_ROUTES);
      const isStylesheet = (id: string) => /\.css(\?.*)?$/.test(id);
      const withGroups = new Set(
        [...users]
          .filter(([id, pages]) => pages.length > 1 && guestsOf(pages).length === 1 && !isStylesheet(id))
          .map(([, pages]) => guestsOf(pages)[0]!),
      );
      for (const [id, pages] of users) {
        const guests = guestsOf(pages);
        // What only the lazy parts use stays with them, split by the bundler as each dialog needs.
        if (guests.length === 0) continue;
        if (guests.length === 1 && isStylesheet(id) && withGroups.has(guests[0]!)) {
          guest.set(id, groupName([guests[0]!, LAZY, OTHER]));
        } else if (pages.length > 1) guest.set(id, groupName(pages));
      }
    },
    outputOptions(options) {
      // Rolldown asks for the output options before the module graph is known, so there is a group for every set of
      // guest pages (the unused ones stay empty). A group also takes the modules its own ones import: the sets of
      // more pages come first, so that no group takes a module that more pages share.
      const sets = subsets([...Object.keys(GUEST_ROUTES), LAZY, OTHER])
        .filter((set) => set.some((page) => page in GUEST_ROUTES))
        .sort((a, b) => b.length - a.length);
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'shell', test: (id: string) => shell.has(id), priority: sets.length + 1 },
            ...sets.map((pages, index) => ({
              name: groupName(pages),
              test: (id: string) => guest.get(id) === groupName(pages),
              priority: sets.length - index,
            })),
          ],
        },
      };
    },
  };
}
