import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingMailer, type RecordingMailer } from './helpers/accounts.ts';
import {
  actor,
  createActors,
  createPublication,
  pageOf,
  uploadImage,
  validForm,
  type Actor,
  type Actors,
  type PublicationBody,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'El anuncio no existe' };
const CHANGED_TITLE = 'Cambió un anuncio que guardaste';

type Who = 'guest' | keyof Actors | 'third';
type Entry = { _id: string; savedAt: string; publication: (PublicationBody & { status: number }) | null };
type FavoritePage = { publications: Entry[]; total: number; totalPages: number; nextPage: number | null };
type Answer = { publication: PublicationBody & { favorite?: boolean; favoriteCount?: number } };

describe('favorites', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let third: Actor;
  let mailer: RecordingMailer;

  function request(who: Who, options: InjectOptions) {
    const headers = who === 'guest' ? {} : (who === 'third' ? third : actors[who]).headers;
    return app.inject({ ...options, headers: { ...headers, ...options.headers } });
  }

  const save = (who: Who, id: string) =>
    request(who, { method: 'PUT', url: `/api/publication/${id}/favorite` });
  const unsave = (who: Who, id: string) =>
    request(who, { method: 'DELETE', url: `/api/publication/${id}/favorite` });
  const favoritesOf = async (who: Who, query = '') =>
    pageOf(await request(who, { method: 'GET', url: `/api/favorites${query}` })) as unknown as FavoritePage;
  const detail = (who: Who, id: string) => request(who, { method: 'GET', url: `/api/publication/${id}` });

  /** A publication of the author (a course: it has a price and a date), published by the super user when asked. */
  async function authorPublication(published: boolean, title = 'Curso de compostaje') {
    const image = await uploadImage(app, actors.author);
    const created = await createPublication(app, actors.author, validForm('courses', [image.url], { title }));
    if (published) await publish(created._id);
    return created;
  }

  async function publish(id: string) {
    const response = await request('superUser', {
      method: 'PUT',
      url: `/api/publication/${id}`,
      payload: { status: 1 },
    });
    expect(response.statusCode).toBe(200);
  }

  /** The author's (or the super user's) edit of the course's form. */
  async function edit(who: Who, publication: PublicationBody, overrides: Record<string, unknown>) {
    const response = await request(who, {
      method: 'PUT',
      url: `/api/publication/${publication._id}`,
      payload: validForm('courses', [publication.files[0]!.url], { title: publication.title, ...overrides }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function notificationsOf(who: Who, publicationId: string) {
    const response = await request(who, { method: 'GET', url: '/api/notifications?pageSize=60' });
    const { notifications } = response.json<{
      notifications: { title: string; message: string; link: string; kind: string }[];
    }>();
    return notifications.filter((item) => item.link === `/publications/${publicationId}`);
  }

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({ mailer });
    app = subject.app;
    actors = await createActors(subject.database.db);
    third = await actor(subject.database.db, 'tercera@example.com', 'Tere Tercera');
  });

  afterAll(async () => {
    await subject.dispose();
  });

  describe('who may save', () => {
    it('answers 401 to guests on every route', async () => {
      const published = await authorPublication(true);
      for (const response of [
        await save('guest', published._id),
        await unsave('guest', published._id),
        await request('guest', { method: 'GET', url: '/api/favorites' }),
        await request('guest', { method: 'GET', url: `/api/favorites/among?ids=${published._id}` }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(UNAUTHORIZED);
      }
    });

    it('lets every member save a published one, idempotently; an unpublished one only its author and super users', async () => {
      const published = await authorPublication(true);
      const pending = await authorPublication(false, 'Curso en revisión');
      for (const who of ['author', 'other', 'superUser'] as const) {
        for (let time = 0; time < 2; time += 1) {
          expect((await save(who, published._id)).statusCode, who).toBe(204);
          expect((await unsave(who, published._id)).statusCode, who).toBe(204);
        }
        expect((await save(who, published._id)).statusCode, who).toBe(204);
        expect((await save(who, published._id)).statusCode, who).toBe(204);
      }
      const count = await subject.database.db
        .selectFrom('favorites')
        .select('user_id')
        .where('publication_id', '=', published._id)
        .execute();
      expect(count).toHaveLength(3);

      expect((await save('author', pending._id)).statusCode).toBe(204);
      expect((await save('superUser', pending._id)).statusCode).toBe(204);
      for (const response of [await save('other', pending._id), await unsave('other', pending._id)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it('answers 404 for a publication that does not exist and 400 in Spanish for a bad page or list', async () => {
      for (const response of [await save('other', 'no-existe'), await unsave('other', 'no-existe')]) {
        expect(response.json()).toEqual(NOT_FOUND);
      }
      const page = await request('other', { method: 'GET', url: '/api/favorites?page=0' });
      expect(page.statusCode).toBe(400);
      expect(page.json<{ message: string }>().message).toMatch(/página/);
      const many = Array.from({ length: 61 }, (_, index) => `id${index}`).join(',');
      const ids = await request('other', { method: 'GET', url: `/api/favorites/among?ids=${many}` });
      expect(ids.statusCode).toBe(400);
      expect(ids.json<{ message: string }>().message).toMatch(/identificadores/);
    });
  });

  describe("the publication's answer", () => {
    it('tells each member whether they saved it, and only the author and super users how many did', async () => {
      const publication = await authorPublication(true);
      await save('other', publication._id);
      await save('superUser', publication._id);

      const seen = async (who: Who) => {
        const response = await detail(who, publication._id);
        expect(response.statusCode).toBe(200);
        const { favorite, favoriteCount } = response.json<Answer>().publication;
        return { favorite, favoriteCount, cache: response.headers['cache-control'] };
      };
      expect(await seen('guest')).toEqual({
        favorite: undefined,
        favoriteCount: undefined,
        cache: undefined,
      });
      expect(await seen('other')).toEqual({ favorite: true, favoriteCount: undefined, cache: 'no-store' });
      expect(await seen('third')).toEqual({ favorite: false, favoriteCount: undefined, cache: 'no-store' });
      expect(await seen('author')).toEqual({ favorite: false, favoriteCount: 2, cache: 'no-store' });
      expect(await seen('superUser')).toEqual({ favorite: true, favoriteCount: 2, cache: 'no-store' });
    });

    it("never hands one member's fields to another or to a guest, from any remembered copy", async () => {
      const publication = await authorPublication(true);
      await save('other', publication._id);
      // The shared part is remembered after the first read: read it in every order, also all at once.
      for (let round = 0; round < 3; round += 1) {
        const order: Who[] = ['other', 'third', 'guest', 'author', 'other', 'guest', 'third'];
        const answers = await Promise.all(order.map((who) => detail(who, publication._id)));
        answers.forEach((response, index) => {
          const who = order[index]!;
          const body = response.json<Answer>().publication;
          if (who === 'guest') {
            expect(body, who).not.toHaveProperty('favorite');
            expect(body, who).not.toHaveProperty('favoriteCount');
          } else {
            expect(body.favorite, who).toBe(who === 'other');
          }
          if (who !== 'author') expect(body, who).not.toHaveProperty('favoriteCount');
        });
      }
      // The lists are the same bytes for everybody: they never say it.
      for (const who of ['other', 'guest', 'author'] as const) {
        const list = await request(who, { method: 'GET', url: '/api/publications?pageSize=60' });
        expect(list.body, who).not.toContain('"favorite');
      }
    });
  });

  describe('the list of saved ones', () => {
    it('pages them newest saved first, marks what the member can no longer see and forgets deleted ones', async () => {
      const titles = ['Curso uno', 'Curso dos', 'Curso tres'];
      const saved: PublicationBody[] = [];
      for (const title of titles) {
        const publication = await authorPublication(true, title);
        saved.push(publication);
        expect((await save('third', publication._id)).statusCode).toBe(204);
        // Distinct instants: the order is the order of saving.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const first = await favoritesOf('third', '?pageSize=2');
      expect(first.total).toBe(3);
      expect(first.totalPages).toBe(2);
      expect(first.nextPage).toBe(2);
      expect(first.publications.map((entry) => entry.publication?.title)).toEqual([
        'Curso tres',
        'Curso dos',
      ]);
      const second = await favoritesOf('third', '?page=2&pageSize=2');
      expect(second.publications.map((entry) => entry.publication?.title)).toEqual(['Curso uno']);
      expect(second.nextPage).toBeNull();

      // Sent back to review: a placeholder for the member, still whole for its author.
      await request('superUser', {
        method: 'PUT',
        url: `/api/publication/${saved[1]!._id}`,
        payload: { status: 0 },
      });
      await save('author', saved[1]!._id);
      const marked = await favoritesOf('third');
      const placeholder = marked.publications.find((entry) => entry._id === saved[1]!._id);
      expect(placeholder).toEqual({ _id: saved[1]!._id, savedAt: expect.any(String), publication: null });
      expect(JSON.stringify(marked)).not.toContain('Curso dos');
      const authors = await favoritesOf('author');
      expect(authors.publications.find((entry) => entry._id === saved[1]!._id)?.publication).toMatchObject({
        title: 'Curso dos',
        status: 0,
      });

      // The placeholder can be removed; a deleted publication leaves the list by itself.
      expect((await unsave('third', saved[1]!._id)).statusCode).toBe(204);
      await request('author', { method: 'DELETE', url: `/api/publication/${saved[0]!._id}` });
      const left = await favoritesOf('third');
      expect(left.publications.map((entry) => entry._id)).toEqual([saved[2]!._id]);
      expect(left.total).toBe(1);
    });

    it('says which of a list the member saved, and nothing of the others', async () => {
      const [one, two] = [await authorPublication(true), await authorPublication(true)];
      await save('other', one._id);
      const among = await request('other', {
        method: 'GET',
        url: `/api/favorites/among?ids=${one._id},${two._id},nada`,
      });
      expect(among.json()).toEqual({ ids: [one._id] });
      expect(among.headers['cache-control']).toBe('no-store');
      const theirs = await request('third', { method: 'GET', url: `/api/favorites/among?ids=${one._id}` });
      expect(theirs.json()).toEqual({ ids: [] });
    });
  });

  describe('a change of price or date', () => {
    it('notifies each saver once per edit, never the author or the editor, and e-mails those who want it', async () => {
      const publication = await authorPublication(true, 'Curso de huerta');
      for (const who of ['other', 'third', 'author', 'superUser'] as const) await save(who, publication._id);
      await subject.database.db
        .updateTable('users')
        .set({ email_notifications: 0 })
        .where('id', '=', third.id)
        .execute();
      mailer.sent.length = 0;

      // The description only: nobody hears of it.
      await edit('author', publication, { description: 'Otra descripción del curso de huerta.' });
      expect(await notificationsOf('other', publication._id)).toEqual([]);

      // The price: one notification each (the author's edit sent it back to review: it says so).
      await edit('author', publication, { price: 999 });
      for (const who of ['other', 'third', 'superUser'] as const) {
        const notices = await notificationsOf(who, publication._id);
        const changes = notices.filter((item) => item.title === CHANGED_TITLE);
        expect(changes, who).toEqual([
          expect.objectContaining({
            message:
              '«Curso de huerta» cambió de precio. Está en revisión: lo verás de nuevo cuando se publique.',
            kind: 'info',
          }),
        ]);
      }
      expect(
        (await notificationsOf('author', publication._id)).filter((item) => item.title === CHANGED_TITLE),
      ).toEqual([]);
      const mails = mailer.sent.filter((message) => message.subject === CHANGED_TITLE);
      expect(mails.map((message) => message.to).sort()).toEqual(['admin@example.com', 'otro@example.com']);
      expect(mails[0]?.text).toContain('«Curso de huerta» cambió de precio.');
      expect(mails[0]?.text).toContain(`/publications/${publication._id}`);
      expect(mails[0]?.headers?.['List-Unsubscribe']).toMatch(/\/api\/unsubscribe\//);

      // The super user's edit of price and date: one more for the savers, none for the editor.
      await edit('superUser', publication, {
        price: 1200,
        calendaredAt: '2031-01-10T15:00:00-03:00',
        status: 1,
      });
      const other = (await notificationsOf('other', publication._id)).filter(
        (n) => n.title === CHANGED_TITLE,
      );
      expect(other.map((item) => item.message)).toEqual([
        '«Curso de huerta» cambió de precio y de fecha.',
        '«Curso de huerta» cambió de precio. Está en revisión: lo verás de nuevo cuando se publique.',
      ]);
      const editor = (await notificationsOf('superUser', publication._id)).filter(
        (item) => item.title === CHANGED_TITLE,
      );
      expect(editor).toHaveLength(1);

      // The same form again is no change: nothing more.
      await edit('superUser', publication, {
        price: 1200,
        calendaredAt: '2031-01-10T15:00:00-03:00',
        status: 1,
      });
      expect(
        (await notificationsOf('other', publication._id)).filter((n) => n.title === CHANGED_TITLE),
      ).toHaveLength(2);
    });
  });

  describe("the member's data", () => {
    it('exports the favorites, and deleting the account takes them away', async () => {
      const { db } = subject.database;
      const fabi = await actor(db, 'fabi@example.com', 'Fabi Favoritos');
      const publication = await authorPublication(true);
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/publication/${publication._id}/favorite`,
        headers: fabi.headers,
      });
      expect(saved.statusCode).toBe(204);

      const exported = await app.inject({ method: 'GET', url: '/api/me/export', headers: fabi.headers });
      expect(exported.json<{ favorites: unknown }>().favorites).toEqual([
        {
          publicationId: publication._id,
          url: expect.stringMatching(new RegExp(`/publications/${publication._id}$`)),
          savedAt: expect.any(String),
        },
      ]);

      const deleted = await app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: fabi.headers,
        payload: { password: 'clave-secreta' },
      });
      expect(deleted.statusCode).toBe(200);
      expect(
        await db.selectFrom('favorites').select('user_id').where('user_id', '=', fabi.id).execute(),
      ).toEqual([]);
    });
  });
});
