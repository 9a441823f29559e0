import { EventEmitter } from 'node:events';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushConfig } from '../../config.ts';
import type { DB, Dialect } from '../../db/schema.ts';
import { guardedAgent } from './guarded-agent.ts';
import type { VapidKeys } from './keys.ts';
import { DEFAULT_PUSH_LINK } from './messages.ts';
import { isAllowedAddress } from './public-address.ts';
import {
  claimPushes,
  deleteExpiredSubscription,
  subscriptionsFor,
  type QueuedPush,
  type StoredSubscription,
} from './repository.ts';

// Sends the queued pushes off the request path (decision 038). Every server process runs one sender: on SQLite a
// notification's commit wakes it (the one connection runs its read after the commit); on PostgreSQL it also looks
// every `pollMs`, since another process's commit is not seen here. A push service that fails never blocks
// anything: the notification is already saved, the push is dropped and logged.

/**
 * Pushes this process handed to a push service since it started (/metrics): sent, expired (404 or 410: the device
 * is gone and its subscription removed), failed (refused, unanswered, or an address a push may not go to).
 */
export const pushOutcomes = { sent: 0, expired: 0, failed: 0 };

/** Woken after a push is queued (in-process; see notify()). */
export const localPushSignals = new EventEmitter();
localPushSignals.setMaxListeners(0);

const BATCH = 20;
/** How long a push service may take to answer one push. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is offline. */
const TTL_SECONDS = 24 * 3600;

/** What the service worker receives (apps/web/app/features/push/service-worker-push.ts reads it). */
export type PushPayload = { title: string; body: string; link: string; tag: string };

export type PushSender = {
  /** Sends what is queued now; resolves when the queue was found empty. */
  drain(): Promise<void>;
  close(): Promise<void>;
};

export function createPushSender(options: {
  db: DB;
  dialect: Dialect;
  config: PushConfig;
  keys: () => Promise<VapidKeys>;
  log: FastifyBaseLogger;
  pollMs?: number;
}): PushSender {
  const { db, dialect, config, keys, log } = options;
  const agent = guardedAgent(config.allowLoopback);
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;

  async function send(push: QueuedPush, device: StoredSubscription, vapid: VapidKeys): Promise<void> {
    const host = new URL(device.endpoint).hostname.replace(/^\[|\]$/g, '');
    // A name is checked by the agent's lookup; an address never goes through a lookup.
    if (isIP(host) !== 0 && !isAllowedAddress(host, config.allowLoopback)) {
      pushOutcomes.failed += 1;
      return;
    }
    const payload: PushPayload = {
      title: push.title,
      body: push.message,
      link: push.link ?? DEFAULT_PUSH_LINK,
      tag: push.id,
    };
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: config.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: TTL_SECONDS,
          timeout: SEND_TIMEOUT_MS,
          agent,
        },
      );
      pushOutcomes.sent += 1;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        pushOutcomes.expired += 1;
        await deleteExpiredSubscription(db, device.endpoint);
        return;
      }
      pushOutcomes.failed += 1;
      log.warn({ err: error, status }, 'A push service refused or did not answer a push');
    }
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      if (closed) return;
      const pushes = await claimPushes(db, BATCH);
      if (pushes.length === 0) return;
      const vapid = await keys();
      await Promise.all(
        pushes.map(async (push) => {
          const devices = await subscriptionsFor(db, push.user_id, push.kind);
          await Promise.all(devices.map((device) => send(push, device, vapid)));
        }),
      );
    }
  }

  function drain(): Promise<void> {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again && !closed);
      } catch (error) {
        if (!closed) log.warn({ err: error }, 'Could not send the queued pushes');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const wake = () => void drain();
  localPushSignals.on('queued', wake);
  const timer = dialect === 'postgres' ? setInterval(wake, options.pollMs ?? 1000).unref() : undefined;
  // Whatever a previous run left queued.
  setImmediate(wake);

  return {
    drain,
    async close() {
      closed = true;
      localPushSignals.off('queued', wake);
      if (timer !== undefined) clearInterval(timer);
      await running;
      agent.destroy();
    },
  };
}
