import { useSyncExternalStore } from 'react';

// The unread count of the bell, shared by every component of the tab. UnreadCountStream.tsx keeps it live (loaded for
// signed-in visitors only) and shares it with the user's other tabs through `channel`.

export type ChannelMessage = { type: 'unread'; unread: number } | { type: 'hello' };

let unread: number | null = null;
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

/** The channel to the user's other tabs (null when closed or unsupported). */
export function setUnreadChannel(value: BroadcastChannel | null): void {
  channel = value;
}

/** The count as this tab knows it (null before the first one). */
export function currentUnread(): number | null {
  return unread;
}

/** Forgets the count (another user, or no stream yet). */
export function resetUnread(): void {
  unread = null;
}

/** A count received from another tab: shown here, not sent on. */
export function setUnread(value: number): void {
  if (unread === value) return;
  unread = value;
  for (const listener of listeners) listener();
}

/** A fresh count (from the stream or from a list answer): this tab and every other tab of the user show it. */
export function publishUnread(value: number | undefined | null): void {
  if (typeof value !== 'number') return;
  setUnread(value);
  channel?.postMessage({ type: 'unread', unread: value } satisfies ChannelMessage);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The unread count; null until the first count arrives (and always on the server). */
export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
}

/** Calls `onChange` whenever the count changes after the first one (say, to reload a visible list). */
export function subscribeToUnread(onChange: (value: number) => void): () => void {
  return subscribe(() => {
    if (unread !== null) onChange(unread);
  });
}
