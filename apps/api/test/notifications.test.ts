import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification } from '@eco/domain';
import { notify } from '../src/modules/notifications/service.ts';
import { asBrowser } from './helpers/accounts.ts';
import { createActors, type Actor, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type NotificationPageBody = {
  notifications: AppNotification[];
  total: number;
  totalPages: number;
  nextPage: number | null;
  unread: number;
};

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'La notificación no existe' };

function pageOf(response: LightMyRequestResponse): NotificationPageBody {
  if (response.statusCode !== 200)
    throw new Error(`Expected a page: ${response.statusCode} ${response.body}`);
  return response.json<NotificationPageBody>();
}

describe('notifications', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;

  /** Stores a notification for `to` through notify(), a given number of minutes after a fixed instant. */
  async function stored(to: Actor, title: string, options: { from?: Actor; read?: boolean } = {}) {
    await notify(subject.database.db, {
      userId: to.id,
      title,
      message: `Mensaje de ${title}`,
      kind: 'success',
      fromUserId: options.from?.id,
      link: '/publications/abc',
    });
    const row = await subject.database.db
      .selectFrom('notifications')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    if (options.read === true) {
      await subject.database.db
        .updateTable('notifications')
        .set({ read_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    return row.id;
  }

  async function list(who: Actor | undefined, query = '') {
    return app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: who?.headers });
  }

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it("lists the member's own notifications newest first, six a page, with the unread count", async () => {
    const { author, other } = actors;
    for (let index = 1; index <= 8; index += 1) {
      await stored(author, `Aviso ${index}`, { from: other, read: index <= 3 });
      // Distinct creation instants, so that the order is the insertion order.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await stored(other, 'Ajeno');

    const first = await list(author);
    expect(first.headers['cache-control']).toBe('no-store');
    const page = pageOf(first);
    expect(page).toMatchObject({ total: 8, totalPages: 2, nextPage: 2, unread: 5 });
    expect(page.notifications.map((item) => item.title)).toEqual([
      'Aviso 8',
      'Aviso 7',
      'Aviso 6',
      'Aviso 5',
      'Aviso 4',
      'Aviso 3',
    ]);
    const [newest] = page.notifications;
    expect(newest).toEqual({
      _id: newest?._id,
      id: newest?._id,
      title: 'Aviso 8',
      message: 'Mensaje de Aviso 8',
      kind: 'success',
      readAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      fromUser: { name: 'Otro Usuario', pictureUrl: null },
      link: '/publications/abc',
    });

    const second = pageOf(await list(author, '?page=2'));
    expect(second).toMatchObject({ total: 8, totalPages: 2, nextPage: null, unread: 5 });
    expect(second.notifications.map((item) => item.title)).toEqual(['Aviso 2', 'Aviso 1']);
    expect(second.notifications[0]?.readAt).not.toBeNull();

    const big = pageOf(await list(author, '?pageSize=20'));
    expect(big.notifications).toHaveLength(8);

    const bad = await list(author, '?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'La página debe ser un número entero mayor que 0',
    );
  });

  it('shows system notifications without a sender, and any unknown kind as info', async () => {
    const { superUser } = actors;
    await notify(subject.database.db, {
      userId: superUser.id,
      title: 'Del sistema',
      message: 'Hola',
      kind: 'info',
    });
    await subject.database.db
      .updateTable('notifications')
      .set({ kind: 'rarísimo' })
      .where('title', '=', 'Del sistema')
      .execute();
    const page = pageOf(await list(superUser));
    expect(page.notifications[0]).toMatchObject({ kind: 'info', fromUser: null, link: null });
  });

  it('toggles read and unread, and the unread count follows', async () => {
    const { other } = actors;
    const id = await stored(other, 'Para alternar');
    const before = pageOf(await list(other)).unread;

    const read = await app.inject({
      method: 'PUT',
      url: `/api/notification/${id}`,
      ...asBrowser(other.token),
    });
    expect(read.statusCode).toBe(200);
    const readBody = read.json<{ notification: AppNotification }>().notification;
    expect(readBody).toMatchObject({ _id: id, title: 'Para alternar' });
    expect(readBody.readAt).toMatch(/^\d{4}-/);
    expect(pageOf(await list(other)).unread).toBe(before - 1);

    const unread = await app.inject({
      method: 'PUT',
      url: `/api/notification/${id}`,
      headers: other.headers,
    });
    expect(unread.json<{ notification: AppNotification }>().notification.readAt).toBeNull();
    expect(pageOf(await list(other)).unread).toBe(before);
  });

  it('deletes a read notification, and refuses an unread one with 409', async () => {
    const { other } = actors;
    const id = await stored(other, 'Para borrar');

    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/notification/${id}`,
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Solo se pueden eliminar las notificaciones leídas. Márcala como leída antes de eliminarla.',
    });

    await app.inject({ method: 'PUT', url: `/api/notification/${id}`, headers: other.headers });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/notification/${id}`,
      headers: other.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/notification/${id}`,
      headers: other.headers,
    });
    expect(again.json()).toEqual(NOT_FOUND);
    expect(pageOf(await list(other)).notifications.map((item) => item.title)).not.toContain('Para borrar');
  });

  describe('authorization matrix', () => {
    let id: string;

    beforeAll(async () => {
      id = await stored(actors.author, 'Privada', { read: true });
    });

    it('guests: 401 on every route', async () => {
      const responses = [
        await list(undefined),
        await app.inject({ method: 'GET', url: '/api/notifications/stream' }),
        await app.inject({ method: 'PUT', url: `/api/notification/${id}` }),
        await app.inject({ method: 'DELETE', url: `/api/notification/${id}` }),
      ];
      for (const response of responses) expect(response.json()).toEqual(UNAUTHORIZED);
    });

    it('another member and a super user: 404 on toggling and deleting it, and it never appears in their list', async () => {
      for (const who of [actors.other, actors.superUser]) {
        const toggled = await app.inject({
          method: 'PUT',
          url: `/api/notification/${id}`,
          headers: who.headers,
        });
        expect(toggled.json()).toEqual(NOT_FOUND);
        const deleted = await app.inject({
          method: 'DELETE',
          url: `/api/notification/${id}`,
          headers: who.headers,
        });
        expect(deleted.json()).toEqual(NOT_FOUND);
        const titles = pageOf(await list(who, '?pageSize=60')).notifications.map((item) => item.title);
        expect(titles).not.toContain('Privada');
      }
      const stillThere = await subject.database.db
        .selectFrom('notifications')
        .select('read_at')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(stillThere?.read_at).not.toBeNull();
    });

    it('the owner toggles and deletes it', async () => {
      const toggled = await app.inject({
        method: 'PUT',
        url: `/api/notification/${id}`,
        headers: actors.author.headers,
      });
      expect(toggled.json<{ notification: AppNotification }>().notification.readAt).toBeNull();
      await app.inject({ method: 'PUT', url: `/api/notification/${id}`, headers: actors.author.headers });
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/notification/${id}`,
        headers: actors.author.headers,
      });
      expect(deleted.statusCode).toBe(204);
    });

    it('refuses a cookie-authenticated change from another site', async () => {
      const other = await stored(actors.author, 'Cruzada');
      const response = await app.inject({
        method: 'PUT',
        url: `/api/notification/${other}`,
        cookies: asBrowser(actors.author.token).cookies,
        headers: { origin: 'https://malicioso.example' },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  it('makes one notification per dedupe key, and none when the transaction is rolled back', async () => {
    const { db } = subject.database;
    const { superUser } = actors;
    const input = { userId: superUser.id, title: 'Único', message: 'Una vez', kind: 'info' as const };
    expect(await notify(db, { ...input, dedupeKey: 'evento:1' })).toBe(true);
    expect(await notify(db, { ...input, dedupeKey: 'evento:1' })).toBe(false);
    await expect(
      db.transaction().execute(async (trx) => {
        await notify(trx, { ...input, title: 'Deshecho' });
        throw new Error('the save failed');
      }),
    ).rejects.toThrow('the save failed');
    const titles = (
      await db.selectFrom('notifications').select('title').where('user_id', '=', superUser.id).execute()
    ).map((row) => row.title);
    expect(titles.filter((title) => title === 'Único')).toHaveLength(1);
    expect(titles).not.toContain('Deshecho');
  });
});
