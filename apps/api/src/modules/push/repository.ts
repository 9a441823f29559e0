import type { PushKind } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { takesArrays, unnestedRows } from '../../db/text-rows.ts';
import { timeOrderedId } from '../../db/time-ordered-id.ts';

// The queries of push: a member's devices and the queue of pushes to send.

export type StoredSubscription = {
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: PushKind[];
  userAgent: string | null;
  createdAt: string;
};

const kindsText = (kinds: readonly PushKind[]) => `,${kinds.join(',')},`;
const kindsOf = (text: string) => text.split(',').filter((kind) => kind !== '') as PushKind[];

/**
 * Adds a device, or replaces its keys and kinds when its endpoint is known. An endpoint is one browser's: when
 * another member signs in on that browser and subscribes, the device becomes theirs (the previous member's pushes
 * stop there, which is what a shared phone needs).
 */
export async function upsertSubscription(
  db: DB,
  userId: string,
  subscription: {
    endpoint: string;
    p256dh: string;
    auth: string;
    kinds: readonly PushKind[];
    userAgent: string | null;
  },
): Promise<void> {
  const values = {
    endpoint: subscription.endpoint,
    user_id: userId,
    p256dh: subscription.p256dh,
    auth: subscription.auth,
    kinds: kindsText(subscription.kinds),
    user_agent: subscription.userAgent,
    created_at: new Date().toISOString(),
  };
  await db
    .insertInto('push_subscriptions')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        user_id: values.user_id,
        p256dh: values.p256dh,
        auth: values.auth,
        kinds: values.kinds,
        user_agent: values.user_agent,
        created_at: values.created_at,
      }),
    )
    .execute();
}

export async function listSubscriptions(db: DB, userId: string): Promise<StoredSubscription[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth', 'kinds', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('endpoint')
    .execute();
  return rows.map((row) => ({
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    kinds: kindsOf(row.kinds),
    userAgent: row.user_agent,
    createdAt: row.created_at,
  }));
}

/** The member's own device only; answers whether one was removed. */
export async function deleteOwnSubscription(db: DB, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A subscription the push service says is gone (404, 410). */
export async function deleteExpiredSubscription(db: DB, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

export async function deleteSubscriptionsOf(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/**
 * Queues a push of a notification, inside the notification's transaction, when one of the member's devices takes
 * that kind; answers whether one was queued. One statement: a member without devices costs one indexed read.
 */
export async function queuePush(
  trx: DB,
  push: { userId: string; kind: PushKind; title: string; message: string; link: string | null },
): Promise<boolean> {
  const result = await trx
    .insertInto('push_deliveries')
    .columns(['id', 'user_id', 'kind', 'title', 'message', 'link', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select([
          eb.val(timeOrderedId()).as('id'),
          eb.val(push.userId).as('user_id'),
          eb.val(push.kind).as('kind'),
          eb.val(push.title).as('title'),
          eb.val(push.message).as('message'),
          eb.val(push.link).as('link'),
          eb.val(new Date().toISOString()).as('created_at'),
        ])
        .where('user_id', '=', push.userId)
        .where('kinds', 'like', `%,${push.kind},%`)
        .limit(1),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The columns of a queued push, all text. */
const DELIVERY_COLUMNS = ['id', 'user_id', 'kind', 'title', 'message', 'link', 'created_at'] as const;

/**
 * Queues pushes for members already known to have a device for the kind (a batch of notifications found them in
 * one query): one insert for the batch, where queuePush would be a statement per member (decision 036).
 */
export async function queuePushesOf(
  trx: DB,
  pushes: readonly { userId: string; kind: PushKind; title: string; message: string; link: string | null }[],
): Promise<void> {
  const createdAt = new Date().toISOString();
  const arrays = takesArrays(trx);
  // One statement on PostgreSQL (text-rows.ts); SQLite's bound parameters are limited.
  const step = arrays ? pushes.length : 500;
  for (let start = 0; start < pushes.length; start += step) {
    const rows = pushes.slice(start, start + step).map((push) => ({
      id: timeOrderedId(),
      user_id: push.userId,
      kind: push.kind,
      title: push.title,
      message: push.message,
      link: push.link,
      created_at: createdAt,
    }));
    const insert = trx.insertInto('push_deliveries');
    await (
      arrays
        ? insert.columns(DELIVERY_COLUMNS).expression(unnestedRows(DELIVERY_COLUMNS, rows))
        : insert.values(rows)
    ).execute();
  }
}

export type QueuedPush = {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  message: string;
  link: string | null;
};

/**
 * Takes up to `limit` queued pushes for this process: each is claimed by deleting it, so of several processes
 * reading the same rows exactly one sends each push (a crash after the claim loses that push, never repeats it).
 */
export async function claimPushes(db: DB, limit: number): Promise<QueuedPush[]> {
  const rows = await db
    .selectFrom('push_deliveries')
    .select(['id', 'user_id', 'kind', 'title', 'message', 'link'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: QueuedPush[] = [];
  for (const row of rows) {
    const result = await db.deleteFrom('push_deliveries').where('id', '=', row.id).executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) claimed.push(row);
  }
  return claimed;
}

/** How many pushes wait to be sent (/metrics). */
export async function queuedPushCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom('push_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The member's devices that take pushes of `kind`. */
export async function subscriptionsFor(db: DB, userId: string, kind: string): Promise<StoredSubscription[]> {
  return (await listSubscriptions(db, userId)).filter((row) => row.kinds.includes(kind as PushKind));
}
