import { useEffect } from 'react';
import { parseUnreadEvent } from './notification-texts';
import {
  type ChannelMessage,
  currentUnread,
  publishUnread,
  resetUnread,
  setUnread,
  setUnreadChannel,
} from './unread-count';

// Keeps the signed-in user's unread count live (unread-count.ts) with one Server-Sent Events stream per browser: the
// tabs of one user elect a leader through a Web Lock, the leader holds the stream and tells the other tabs through a
// BroadcastChannel. Browsers allow about six connections per site over HTTP/1.1; a stream per tab would stall every
// request once a user opens six tabs. Loaded by the app shell for signed-in visitors only (decision 018).

const STREAM_PATH = '/api/notifications/stream';
/** Waits before reopening a stream the server closed for good (EventSource retries by itself otherwise). */
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000] as const;

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
function connectUnreadCount(userId: string): () => void {
  const stop = new AbortController();
  resetUnread();
  let leader = false;
  let channel: BroadcastChannel | null = null;

  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(`eco.notifications.${userId}`);
    setUnreadChannel(channel);
    channel.addEventListener('message', (event: MessageEvent<ChannelMessage>) => {
      const message = event.data;
      if (message.type === 'unread') setUnread(message.unread);
      // A new tab asks for the count; the tab holding the stream knows it.
      else if (message.type === 'hello' && leader) {
        const unread = currentUnread();
        if (unread !== null) channel?.postMessage({ type: 'unread', unread } satisfies ChannelMessage);
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
    setUnreadChannel(null);
  };
}

/** Keeps the count of `userId` live while mounted. */
export default function UnreadCountStream({ userId }: { userId: string }) {
  useEffect(() => connectUnreadCount(userId), [userId]);
  return null;
}
