import { useSyncExternalStore } from 'react';
import { parseUnreadEvent } from './notification-texts';

// The unread count of the bell, shared by every component of the tab and kept live by one Server-Sent Events
// stream per browser: the tabs of one user elect a leader through a Web Lock, the leader holds the stream and
// tells the other tabs through a BroadcastChannel. Browsers allow about six connections per site over HTTP/1.1;
// a stream per tab would stall every request once a user opens six tabs.

const STREAM_PATH = '/api/notifications/stream';
/** Waits before reopening a stream the server closed for good (EventSource retries by itself otherwise). */
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000] as const;

type ChannelMessage = { type: 'unread'; unread: number } | { type: 'hello' };

let unread: number | null = null;
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

function setUnread(value: number): void {
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

/** Opens the stream and keeps it open (reopening it after a refused connection) until the signal aborts. */
function holdStream(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const onMessage = (event: MessageEvent) => {
      failures = 0;
      publishUnread(parseUnreadEvent(event.data));
    };
    const open = () => {
      source = new EventSource(STREAM_PATH, { withCredentials: true });
      source.addEventListener('message', onMessage);
      source.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself (server restart, network change). CLOSED: it gave up
        // (an error status from a proxy, say), so try again later, slower each time.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        const delay = REOPEN_DELAYS_MS[Math.min(failures, REOPEN_DELAYS_MS.length - 1)];
        failures += 1;
        timer = setTimeout(open, delay);
      });
    };

    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        source?.close();
        resolve();
      },
      { once: true },
    );
    open();
  });
}

/**
 * Keeps the count of the signed-in user live in this tab until the returned function is called (sign-out,
 * another user). Browsers without Web Locks or BroadcastChannel get a stream per tab.
 */
export function connectUnreadCount(userId: string): () => void {
  const stop = new AbortController();
  unread = null;
  let leader = false;

  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(`eco.notifications.${userId}`);
    channel.addEventListener('message', (event: MessageEvent<ChannelMessage>) => {
      const message = event.data;
      if (message.type === 'unread') setUnread(message.unread);
      // A new tab asks for the count; the tab holding the stream knows it.
      else if (message.type === 'hello' && leader && unread !== null) {
        channel?.postMessage({ type: 'unread', unread } satisfies ChannelMessage);
      }
    });
  }

  if (channel && typeof navigator !== 'undefined' && navigator.locks) {
    channel.postMessage({ type: 'hello' } satisfies ChannelMessage);
    navigator.locks
      .request(`eco.notifications-stream.${userId}`, { signal: stop.signal }, async () => {
        leader = true;
        await holdStream(stop.signal);
        leader = false;
      })
      // Aborted while another tab held the lock: nothing to clean up.
      .catch(() => undefined);
  } else {
    void holdStream(stop.signal);
  }

  return () => {
    stop.abort();
    channel?.close();
    channel = null;
  };
}
