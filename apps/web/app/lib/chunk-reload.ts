const RELOAD_KEY = 'eco:chunk-reload-at';
// A failure this soon after our own reload means reloading did not help: stop instead of looping.
const LOOP_GUARD_MS = 10_000;

const CHUNK_ERROR_PATTERNS = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => message.includes(pattern));
}

/** Reloads the page after a failed code-chunk load (typically a new deploy); returns false when it must not. */
export function reloadOnce(): boolean {
  // Offline, a chunk fails because there is no network, not because of a deploy: a reload would only replace the
  // page (and what was typed in it) with the offline page.
  if (!navigator.onLine) return false;
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < LOOP_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // Without sessionStorage there is no loop guard: better no reload than an endless one.
    return false;
  }
  window.location.reload();
  return true;
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadOnce();
  });
}
