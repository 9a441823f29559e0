import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { startPwaAfterLoad } from './features/pwa/start-after-load';
import { installChunkReload } from './lib/chunk-reload';
import { watchTypingBeforeHydration } from './lib/forms/typed-before-hydration';

installChunkReload();
watchTypingBeforeHydration();
startPwaAfterLoad();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
