import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { chunkGroups } from './chunk-groups.ts';
import { themeCss } from './theme-css.ts';

// Cheap Android phones run an auto-updated Chrome/WebView; Chrome 100 / Safari 15.4 also cover the runtime APIs
// (Array.prototype.at, structuredClone) that React Router and Mantine use without polyfills.
const browserTargets = ['es2022', 'chrome100', 'edge100', 'firefox100', 'safari15.4'];

export default defineConfig({
  plugins: [reactRouter(), chunkGroups(), themeCss()],
  build: {
    target: browserTargets,
    cssTarget: browserTargets,
  },
  worker: {
    // The server tells worker scripts from other scripts by this name: a worker's CSP comes from its own response
    // (apps/api/src/web/client-files.ts).
    rolldownOptions: { output: { entryFileNames: 'assets/[name].worker-[hash].js' } },
  },
  ssr: {
    // The domain package ships TypeScript sources: bundle it instead of leaving it to Node at runtime. The UI
    // libraries are bundled too, so that the server loads only the components and icons the app uses: left
    // external, Node loads every export of each (the icon set alone held 69 MB, Mantine 50 MB of resident memory).
    noExternal: ['@eco/domain', '@tabler/icons-react', /^@mantine\//, 'dayjs'],
  },
});
