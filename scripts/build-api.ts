// The production server compiled to JavaScript (`npm run build`): the API's TypeScript and the domain's, bundled per
// entry by Rolldown (the bundler Vite already brings), with every package left to node_modules as it is. Running it,
// Node never loads its TypeScript stripping, which held about 20 MB of the server's resident memory (decision 010).
// `npm run dev` and the tests run the sources themselves.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const api = path.resolve(import.meta.dirname, '../apps/api');
const out = path.join(api, 'build');

rmSync(out, { recursive: true, force: true });
const started = performance.now();
await build({
  cwd: api,
  input: {
    main: 'src/main.ts',
    // Started by path at run time: the SQLite reader and checkpoint threads, the SMTP thread, the job queue's thread,
    // the demo content's child process.
    'sqlite-reader-worker': 'src/db/sqlite-reader-worker.ts',
    'sqlite-checkpoint-worker': 'src/db/sqlite-checkpoint-worker.ts',
    'demo-process': 'src/demo/demo-process.ts',
    'smtp-thread': 'src/modules/mail/smtp-thread.ts',
    'queue-thread-main': 'src/modules/jobs/queue-thread-main.ts',
  },
  platform: 'node',
  // Packages stay in node_modules (native addons, files read beside their code); the workspace's sources are built.
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('@eco/'),
  output: {
    dir: out,
    format: 'esm',
    entryFileNames: '[name].js',
    // Beside the entries: modules that find files relative to themselves (the web build) keep their depth.
    chunkFileNames: '[name]-[hash].js',
    sourcemap: true,
  },
});
console.info(
  `API built into ${path.relative(process.cwd(), out)} in ${Math.round(performance.now() - started)} ms`,
);
