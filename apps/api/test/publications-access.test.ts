import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
const CANNOT_CHANGE = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'No tienes permiso para modificar este anuncio',
};
const CANNOT_DELETE = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'No tienes permiso para eliminar este anuncio',
};
const CANNOT_SEE_STATUS = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Las credenciales para ver esta información son incorrectas',
};
const CANNOT_PUBLISH = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Solo un superusuario puede publicar o despublicar un anuncio',
};

type Who = 'guest' | keyof Actors;

describe('publications: who may do what', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;

  function as(who: Who): { headers?: Record<string, string> } {
    return who === 'guest' ? {} : { headers: actors[who].headers };
  }

  function request(who: Who, options: InjectOptions) {
    return app.inject({ ...options, ...as(who) });
  }

  /** A new publication of the author, published by the super user when asked. */
  async function authorPublication(published: boolean, title = 'Botellas de vidrio para reciclar') {
    const image = await uploadImage(app, actors.author);
    const created = await createPublication(app, actors.author, validForm('market', [image.url], { title }));
    if (!published) return created;
    const response = await request('superUser', {
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      payload: { status: 1 },
    });
    return response.json<{ publication: PublicationBody }>().publication;
  }

  async function formOf(who: Actor) {
    const image = await uploadImage(app, who);
    return validForm('dots', [image.url]);
  }

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  describe('GET /publications', () => {
    it('lists published publications for everybody, and never the ones under review', async () => {
      const published = await authorPublication(true, 'Anuncio publicado');
      const pending = await authorPublication(false, 'Anuncio en revisión');

      for (const who of ['guest', 'author', 'other', 'superUser'] as const) {
        const ids = pageOf(await request(who, { method: 'GET', url: '/api/publications' })).publications.map(
          (publication) => publication._id,
        );
        expect(ids, who).toContain(published._id);
        expect(ids, who).not.toContain(pending._id);
      }
    });

    it('lets only super users filter by another status', async () => {
      const pending = await authorPublication(false, 'Otro en revisión');
      for (const status of ['pending', 'all']) {
        for (const who of ['guest', 'author', 'other'] as const) {
          const response = await request(who, { method: 'GET', url: `/api/publications?status=${status}` });
          expect(response.statusCode, `${who} ${status}`).toBe(403);
          expect(response.json()).toEqual(CANNOT_SEE_STATUS);
        }
        const page = pageOf(
          await request('superUser', { method: 'GET', url: `/api/publications?status=${status}` }),
        );
        expect(page.publications.map((publication) => publication._id)).toContain(pending._id);
      }
      const published = pageOf(
        await request('guest', { method: 'GET', url: '/api/publications?status=published' }),
      );
      expect(published.publications.every((publication) => publication.status === 1)).toBe(true);
    });
  });

  describe('GET /my-publications', () => {
    it('answers 401 to guests', async () => {
      const response = await request('guest', { method: 'GET', url: '/api/my-publications' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    });

    it("lists the user's own publications whatever their status, and nobody else's", async () => {
      const published = await authorPublication(true, 'Mío publicado');
      const pending = await authorPublication(false, 'Mío en revisión');

      const mine = pageOf(
        await request('author', { method: 'GET', url: '/api/my-publications?pageSize=60' }),
      );
      const ids = mine.publications.map((publication) => publication._id);
      expect(ids).toContain(published._id);
      expect(ids).toContain(pending._id);
      expect(
        mine.publications.every((publication) => publication.status === 0 || publication.status === 1),
      ).toBe(true);

      for (const who of ['other', 'superUser'] as const) {
        const theirs = pageOf(await request(who, { method: 'GET', url: '/api/my-publications?pageSize=60' }));
        const theirIds = theirs.publications.map((publication) => publication._id);
        expect(theirIds, who).not.toContain(published._id);
        expect(theirIds, who).not.toContain(pending._id);
      }
    });
  });

  describe('GET /publication/{id}', () => {
    it('shows a published publication to everybody, with its author and images', async () => {
      const published = await authorPublication(true);
      for (const who of ['guest', 'author', 'other', 'superUser'] as const) {
        const response = await request(who, { method: 'GET', url: `/api/publication/${published._id}` });
        expect(response.statusCode, who).toBe(200);
        const { publication } = response.json<{ publication: PublicationBody }>();
        expect(publication).toMatchObject({ _id: published._id, status: 1 });
        expect(publication.createdBy).toEqual({
          _id: actors.author.id,
          name: 'Ana Autora',
          pictureUrl: null,
          phone: '5493510000000',
          rating: { qualificationAvg: null, count: 0 },
        });
        expect(publication.files[0]?.thumbnailUrl).toBe(
          publication.files[0]?.url.replace(/\.webp$/, '.sm.webp'),
        );
      }
    });

    it('shows an unpublished publication only to its author and super users: 404 for the others', async () => {
      const pending = await authorPublication(false);
      for (const who of ['author', 'superUser'] as const) {
        const response = await request(who, { method: 'GET', url: `/api/publication/${pending._id}` });
        expect(response.statusCode, who).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      for (const who of ['guest', 'other'] as const) {
        const response = await request(who, { method: 'GET', url: `/api/publication/${pending._id}` });
        expect(response.statusCode, who).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it('answers 404 to an unknown id', async () => {
      const response = await request('guest', { method: 'GET', url: '/api/publication/no-existe' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    });
  });

  describe('POST /publications', () => {
    it('answers 401 to guests', async () => {
      const response = await request('guest', {
        method: 'POST',
        url: '/api/publications',
        payload: validForm('dots', ['/media/uploads/x/1-a.webp']),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    });

    it("keeps an ordinary user's publication under review, whatever status it asks for", async () => {
      for (const status of [undefined, 1, 'published']) {
        const form = await formOf(actors.other);
        const response = await request('other', {
          method: 'POST',
          url: '/api/publications',
          payload: { ...form, status },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json<{ publication: PublicationBody }>().publication).toMatchObject({
          status: 0,
          createdBy: { _id: actors.other.id },
        });
      }
    });

    it("publishes a super user's publication unless they ask otherwise", async () => {
      const cases = [
        [undefined, 1],
        [1, 1],
        ['published', 1],
        [0, 0],
        ['private', 0],
      ] as const;
      for (const [status, expected] of cases) {
        const form = await formOf(actors.superUser);
        const created = await createPublication(app, actors.superUser, { ...form, status });
        expect(created.status, String(status)).toBe(expected);
      }
    });
  });

  describe('PUT /publication/{id}', () => {
    it('answers 401 to guests', async () => {
      const published = await authorPublication(true);
      const response = await request('guest', {
        method: 'PUT',
        url: `/api/publication/${published._id}`,
        payload: { status: 0 },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    });

    it("refuses another user's change: 403 when they can see the publication, 404 when they cannot", async () => {
      const published = await authorPublication(true);
      const pending = await authorPublication(false);
      const form = await formOf(actors.other);

      const visible = await request('other', {
        method: 'PUT',
        url: `/api/publication/${published._id}`,
        payload: form,
      });
      expect(visible.statusCode).toBe(403);
      expect(visible.json()).toEqual(CANNOT_CHANGE);
      const hidden = await request('other', {
        method: 'PUT',
        url: `/api/publication/${pending._id}`,
        payload: form,
      });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(NOT_FOUND);

      const unchanged = await request('guest', { method: 'GET', url: `/api/publication/${published._id}` });
      expect(unchanged.json<{ publication: PublicationBody }>().publication.title).toBe(published.title);
    });

    it('lets the author and super users change it; an unknown id is 404', async () => {
      const pending = await authorPublication(false);
      const image = pending.files[0]?.url ?? '';
      for (const [who, title] of [
        ['author', 'Cambiado por la autora'],
        ['superUser', 'Cambiado por la superusuaria'],
      ] as const) {
        const response = await request(who, {
          method: 'PUT',
          url: `/api/publication/${pending._id}`,
          payload: validForm('market', [image], { title }),
        });
        expect(response.statusCode, who).toBe(200);
        expect(response.json<{ publication: PublicationBody }>().publication).toMatchObject({
          _id: pending._id,
          title,
          createdBy: { _id: actors.author.id },
        });
      }
      const unknown = await request('superUser', {
        method: 'PUT',
        url: '/api/publication/no-existe',
        payload: { status: 1 },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND);
    });
  });

  describe('DELETE /publication/{id}', () => {
    it('answers 401 to guests, 403 or 404 to other users, and deletes for the author and super users', async () => {
      const first = await authorPublication(true);
      const second = await authorPublication(false);

      const guest = await request('guest', { method: 'DELETE', url: `/api/publication/${first._id}` });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual(UNAUTHORIZED);
      const other = await request('other', { method: 'DELETE', url: `/api/publication/${first._id}` });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual(CANNOT_DELETE);
      const otherHidden = await request('other', { method: 'DELETE', url: `/api/publication/${second._id}` });
      expect(otherHidden.statusCode).toBe(404);

      const byAuthor = await request('author', { method: 'DELETE', url: `/api/publication/${first._id}` });
      expect(byAuthor.statusCode).toBe(204);
      expect(byAuthor.body).toBe('');
      const bySuperUser = await request('superUser', {
        method: 'DELETE',
        url: `/api/publication/${second._id}`,
      });
      expect(bySuperUser.statusCode).toBe(204);

      for (const id of [first._id, second._id]) {
        const gone = await request('superUser', { method: 'GET', url: `/api/publication/${id}` });
        expect(gone.statusCode).toBe(404);
        const again = await request('superUser', { method: 'DELETE', url: `/api/publication/${id}` });
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe('status', () => {
    async function put(who: Who, id: string, payload: Record<string, unknown>) {
      return request(who, { method: 'PUT', url: `/api/publication/${id}`, payload });
    }

    it('sends a published publication back to review when its author changes it, ignoring their status', async () => {
      const published = await authorPublication(true);
      const image = published.files[0]?.url ?? '';
      expect(published.status).toBe(1);

      const sameAgain = await put(
        'author',
        published._id,
        validForm('market', [image], { title: published.title }),
      );
      expect(sameAgain.json<{ publication: PublicationBody }>().publication.status).toBe(1);

      const edited = await put(
        'author',
        published._id,
        validForm('market', [image], { title: 'Título cambiado', status: 1 }),
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json<{ publication: PublicationBody }>().publication).toMatchObject({
        title: 'Título cambiado',
        status: 0,
      });
    });

    it('does not let an ordinary user publish, even their own publication', async () => {
      const pending = await authorPublication(false);
      for (const status of [1, 'published']) {
        const response = await put('author', pending._id, { status });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(CANNOT_PUBLISH);
      }
      const stored = await request('author', { method: 'GET', url: `/api/publication/${pending._id}` });
      expect(stored.json<{ publication: PublicationBody }>().publication.status).toBe(0);
    });

    it('lets a super user publish and unpublish with { status } alone, content untouched', async () => {
      const pending = await authorPublication(false, 'Para publicar');
      const steps = [
        ['published', 1],
        [0, 0],
        [1, 1],
        ['private', 0],
      ] as const;
      for (const [status, expected] of steps) {
        const response = await put('superUser', pending._id, { status });
        expect(response.statusCode).toBe(200);
        expect(response.json<{ publication: PublicationBody }>().publication).toMatchObject({
          title: 'Para publicar',
          status: expected,
          createdBy: { _id: actors.author.id },
        });
      }
      const invalid = await put('superUser', pending._id, { status: 'visible' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe('status: El estado es incorrecto');
    });

    it("keeps the status on a super user's edit without one, and sets the one they send", async () => {
      const published = await authorPublication(true);
      const image = published.files[0]?.url ?? '';

      const kept = await put(
        'superUser',
        published._id,
        validForm('market', [image], { title: 'Corregido' }),
      );
      expect(kept.json<{ publication: PublicationBody }>().publication).toMatchObject({
        title: 'Corregido',
        status: 1,
      });
      const hidden = await put(
        'superUser',
        published._id,
        validForm('market', [image], { title: 'Corregido', status: 'private' }),
      );
      expect(hidden.json<{ publication: PublicationBody }>().publication.status).toBe(0);
    });
  });
});
