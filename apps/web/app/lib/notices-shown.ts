// Whether any notice has been shown in this page's life (lib/notify.ts sets it). The app shell watches this instead of
// Mantine's notifications store, so that the store, like the container (components/NoticesHost.tsx), is only loaded by
// the code that shows notices (decision 018).

let shown = false;
const listeners = new Set<() => void>();

/** Called by lib/notify.ts with each notice. */
export function markNoticeShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

export function subscribeNoticeShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function noticeShown(): boolean {
  return shown;
}
