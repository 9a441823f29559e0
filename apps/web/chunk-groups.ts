import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

// Every page loads the client entry and the root route, and everything they import statically (React, React Router,
// Mantine's provider and the layout's components, their icons, the app's shell helpers). Left alone, the bundler
// splits these by which other routes also use each piece, so a page fetched two dozen chunks of a few hundred bytes,
// each costing a request and its headers on a slow phone. The plugin follows the static imports from the entry and
// the root once the module graph is known and makes them one chunk, the shell: only modules that every page already
// loads, so no page downloads more bytes, and nothing lazy-loaded (a dynamic import is not followed) joins it.
const SHELL_ENTRIES = /[\\/]app[\\/](root|entry\.client)\.tsx$/;

// The guest pages a first visit lands on (decision 018). The modules each of these routes imports statically,
// outside the shell, are grouped by the set of these pages that use them: explore loads the group of explore
// alone, that of explore and detail, and so on, a handful of chunks instead of one per combination of the thirty
// routes and the lazy dialogs that share a module. A page still loads only modules it imports; another route that
// uses one module of a group loads the whole group.
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

/** The users' name of the shell's lazily loaded parts. */
const LAZY = 'lazy';

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
      // The shell's own lazily loaded parts (dialogs, the drawer, the waiting overlay, the notices, the session
      // timer) count as one more user: what they share with the guest pages makes groups of its own, so that
      // opening a dialog on any page does not fetch the guest pages' groups whole.
      const lazyParts = [...shell].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      for (const id of closure(lazyParts)) {
        if (!shell.has(id)) users.set(id, [...(users.get(id) ?? []), LAZY]);
      }
      // A guest page whose own modules (those no other guest page imports) are imported by nothing else either (no
      // other route, no lazily loaded dialog or drawer) keeps them in its route chunk, where the bundler puts them:
      // one file instead of the route's re-exporting file and a group (home). Otherwise they make the page's group.
      const elsewhere = closure([
        ...ids.filter((id) => {
          const module = stripQuery(id);
          return this.getModuleInfo(id)?.isEntry && !SHELL_ENTRIES.test(module) && !guestRoutes.has(module);
        }),
        ...ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
      ]);
      const shared = new Set(
        [...users].filter(([id, pages]) => pages.length === 1 && elsewhere.has(id)).map(([, [page]]) => page),
      );
      for (const [id, pages] of users) {
        // What only the lazy parts use stays with them, split by the bundler as each dialog needs.
        if (pages.length === 1 && pages[0] === LAZY) continue;
        if (pages.length > 1 || shared.has(pages[0]!)) guest.set(id, groupName(pages));
      }
    },
    outputOptions(options) {
      // Rolldown asks for the output options before the module graph is known, so there is a group for every set of
      // guest pages (the unused ones stay empty). A group also takes the modules its own ones import: the sets of
      // more pages come first, so that no group takes a module that more pages share.
      const sets = subsets([...Object.keys(GUEST_ROUTES), LAZY])
        .filter((set) => set.length > 1 || set[0] !== LAZY)
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
