import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { CLOSING_RETRY_MIN_MS, STREAM_RETRY_MS } from '../src/modules/notifications/routes.ts';
import { notify, notifyMany } from '../src/modules/notifications/service.ts';
import { IDS_PER_SIGNAL, UNREAD_CHANNEL } from '../src/modules/notifications/signal.ts';
import pg from 'pg';
import { createSession } from '../src/modules/sessions/service.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { openStream, type OpenStream } from './helpers/sse.ts';
import {
  createOtherInstance,
  createTestApp,
  testDialect,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

// The live unread count over Server-Sent Events. Two app instances with their own connections on one database
// stand for two server processes behind a proxy: on PostgreSQL the count crosses between them only through
// LISTEN/NOTIFY (each instance has its own pool and its own listening connection).

describe('notifications stream', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  /** A second instance on the same database, with connections of its own. */
  let second: OtherInstance;
  let actors: Actors;
  const streams: OpenStream[] = [];

  async function open(target: FastifyInstance, token: string | undefined): Promise<OpenStream> {
    const stream = await openStream(target, token);
    streams.push(stream);
    return stream;
  }

  async function listeningConnections(): Promise<number> {
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`.execute(subject.database.db);
    return Number(rows[0]?.count ?? 0);
  }

  beforeAll(async () => {
    subject = await createTestApp({ env: { SSE_HEARTBEAT_MS: '200' } });
    app = subject.app;
    actors = await createActors(subject.database.db);
    second = await createOtherInstance(subject);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second.close();
    await subject.dispose();
  });

  it('sends retry first, then the unread count, with SSE headers; guests get 401', async () => {
    const stream = await open(app, actors.author.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(await stream.next()).toEqual({ retry: '5000' });
    expect(await stream.nextUnread()).toBe(0);
    stream.close();

    const guest = await openStream(app, undefined);
    expect(guest.status).toBe(401);
    guest.close();
  });

  it('keeps the connection alive with heartbeat comments', async () => {
    const stream = await open(app, actors.other.token);
    await stream.nextUnread();
    expect(await stream.next(3000)).toEqual({ comment: 'heartbeat' });
    stream.close();
  });

  it('sends the new count on a new notification, a toggle and in every tab, and nothing for a rollback', async () => {
    const { db } = subject.database;
    const user = actors.superUser;
    const tabs = [await open(app, user.token), await open(app, user.token)];
    for (const tab of tabs) expect(await tab.nextUnread()).toBe(0);

    await notify(db, { userId: user.id, title: 'Uno', message: 'Primera', kind: 'info' });
    for (const tab of tabs) expect(await tab.nextUnread()).toBe(1);

    await expect(
      db.transaction().execute(async (trx) => {
        await notify(trx, { userId: user.id, title: 'Deshecho', message: 'No', kind: 'info' });
        throw new Error('the save failed');
      }),
    ).rejects.toThrow('the save failed');
    await notify(db, { userId: user.id, title: 'Dos', message: 'Segunda', kind: 'info' });
    // The rolled-back one never shows: the next count is 2, not 3 (nor a 2 before it).
    for (const tab of tabs) expect(await tab.nextUnread()).toBe(2);

    const { notifications } = (
      await app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers })
    ).json<{ notifications: { _id: string }[] }>();
    await app.inject({
      method: 'PUT',
      url: `/api/notification/${notifications[0]?._id}`,
      headers: user.headers,
    });
    for (const tab of tabs) expect(await tab.nextUnread()).toBe(1);
    for (const tab of tabs) tab.close();
  });

  it('delivers the count to the streams of another instance on the same database', async () => {
    const user = actors.author;
    const remote = await open(second.app, user.token);
    await remote.nextUnread();
    const before = await subject.database.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();

    // A rating through the first instance notifies the rated member, whose tab is served by the second.
    const rated = await app.inject({
      method: 'POST',
      url: `/api/user/${user.id}/qualifications`,
      headers: actors.other.headers,
      payload: { rating: 5, comment: 'Impecable, gracias' },
    });
    expect(rated.statusCode).toBe(201);
    expect(await remote.nextUnread()).toBe(Number(before.count) + 1);
    remote.close();
  });

  it('frees every subscription when the streams close; PostgreSQL keeps one listening connection per instance', async () => {
    const user = actors.other;
    const tabs = [
      await open(second.app, user.token),
      await open(second.app, user.token),
      await open(second.app, actors.author.token),
    ];
    for (const tab of tabs) await tab.nextUnread();
    expect(second.app.unreadHub.listenerCount()).toBe(3);
    if (testDialect === 'postgres') {
      expect(second.app.unreadHub.isListening()).toBe(true);
      await expect.poll(listeningConnections).toBe(1);
    }

    for (const tab of tabs) tab.close();
    await expect.poll(() => second.app.unreadHub.listenerCount()).toBe(0);
    await expect.poll(() => app.unreadHub.listenerCount()).toBe(0);
    if (testDialect === 'postgres') {
      await expect.poll(() => second.app.unreadHub.isListening()).toBe(false);
      await expect.poll(listeningConnections).toBe(0);
    }
  });

  it('delivers the counts of a batch of 450 members to streams of another instance, in a few signals', async () => {
    const { db } = subject.database;
    const now = new Date().toISOString();
    const members = Array.from({ length: 450 }, (_, index) => ({
      id: `batch-member-${String(index).padStart(3, '0')}`,
      email: `lote${index}@ecoanuncios.test`,
      name: `Miembro ${index}`,
      password_hash: 'not-used',
      is_active: 1,
      activated_at: now,
      created_at: now,
      updated_at: now,
    }));
    await db.insertInto('users').values(members).execute();
    // Streams of the first, a middle and the last member of the batch, on the other instance.
    const watched = [members[0], members[IDS_PER_SIGNAL + 7], members[449]].map((member) => member?.id ?? '');
    const tabs = [];
    for (const id of watched) {
      const { token } = await createSession(db, id, 600_000);
      const tab = await open(second.app, token);
      expect(await tab.nextUnread()).toBe(0);
      tabs.push(tab);
    }
    // What travels on the channel, seen by a listener of its own (PostgreSQL).
    const payloads: string[] = [];
    const listener =
      testDialect === 'postgres'
        ? new pg.Client({ connectionString: subject.config.databaseUrl })
        : undefined;
    if (listener !== undefined) {
      await listener.connect();
      listener.on('notification', (message) => payloads.push(message.payload ?? ''));
      await listener.query(`listen ${UNREAD_CHANNEL}`);
    }
    try {
      await db.transaction().execute((trx) =>
        notifyMany(
          trx,
          members.map((member) => ({
            userId: member.id,
            title: 'Nuevo en tu búsqueda',
            message: 'Frascos de vidrio',
            kind: 'info' as const,
            link: '/publications/lote',
            dedupeKey: 'publication:lote:saved-search',
          })),
        ),
      );
      for (const tab of tabs) expect(await tab.nextUnread()).toBe(1);
      if (listener !== undefined) {
        await expect.poll(() => payloads.length).toBe(Math.ceil(450 / IDS_PER_SIGNAL));
        expect(payloads.flatMap((payload) => payload.split(',')).sort()).toEqual(
          members.map((member) => member.id),
        );
        for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
      }
    } finally {
      for (const tab of tabs) tab.close();
      await listener?.end();
    }
  });

  it('ends the stream when the session expires', async () => {
    const { token, expiresAt } = await createSession(subject.database.db, actors.other.id, 600);
    const stream = await open(app, token);
    expect(stream.status).toBe(200);
    await stream.nextUnread();
    await expect(
      (async () => {
        for (;;) await stream.next(5000);
      })(),
    ).rejects.toThrow(/ended/);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime() - 50);
    await expect.poll(() => app.unreadHub.listenerCount()).toBe(0);
  });

  it('ends open streams when the server closes, with a retry hint to reconnect elsewhere', async () => {
    const third = await buildApp(subject.config, { database: second.database });
    const stream = await openStream(third, actors.author.token);
    await stream.nextUnread();
    await third.close();
    const { retry } = await stream.next(2000);
    expect(Number(retry)).toBeGreaterThanOrEqual(CLOSING_RETRY_MIN_MS);
    expect(Number(retry)).toBeLessThanOrEqual(STREAM_RETRY_MS);
    await expect(stream.next(2000)).rejects.toThrow(/ended|terminated|aborted/);
    expect(third.unreadHub.listenerCount()).toBe(0);
  });
});
