// The installable app's client side starts after the page has loaded (decision 038): its code is a chunk of its
// own, so the first load of every page (scripts/bundle-size.ts) carries none of it.

export function startPwaAfterLoad(): void {
  if (!('serviceWorker' in navigator)) return;
  const start = () => void import('./pwa-client').then(({ startPwa }) => startPwa());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
