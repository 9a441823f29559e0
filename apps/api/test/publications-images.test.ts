import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActors,
  createPublication,
  mediaFileExists,
  storePublication,
  uploadImage,
  validForm,
  type Actors,
  type ImageUrls,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('publication images in storage', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;

  async function exists(image: ImageUrls): Promise<[boolean, boolean]> {
    return [await mediaFileExists(subject, image.url), await mediaFileExists(subject, image.thumbnailUrl)];
  }

  function remove(id: string, who: keyof Actors = 'author') {
    return app.inject({ method: 'DELETE', url: `/api/publication/${id}`, headers: actors[who].headers });
  }

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('deletes the images and their thumbnails with the publication', async () => {
    const first = await uploadImage(app, actors.author);
    const second = await uploadImage(app, actors.author);
    const created = await createPublication(app, actors.author, validForm('barter', [first.url, second.url]));
    expect(created.files).toEqual([first, second]);
    expect(await exists(first)).toEqual([true, true]);

    expect((await remove(created._id)).statusCode).toBe(204);

    expect(await exists(first)).toEqual([false, false]);
    expect(await exists(second)).toEqual([false, false]);
  });

  it("deletes them when a super user deletes someone else's publication", async () => {
    const image = await uploadImage(app, actors.author);
    const created = await createPublication(app, actors.author, validForm('dots', [image.url]));

    expect((await remove(created._id, 'superUser')).statusCode).toBe(204);

    expect(await exists(image)).toEqual([false, false]);
  });

  it('deletes an image taken off the list, and keeps the others', async () => {
    const kept = await uploadImage(app, actors.author);
    const dropped = await uploadImage(app, actors.author);
    const added = await uploadImage(app, actors.author);
    const created = await createPublication(app, actors.author, validForm('market', [kept.url, dropped.url]));

    const response = await app.inject({
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      headers: actors.author.headers,
      payload: validForm('market', [added.url, kept.url]),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().publication.files).toEqual([added, kept]);
    expect(await exists(dropped)).toEqual([false, false]);
    expect(await exists(kept)).toEqual([true, true]);
    expect(await exists(added)).toEqual([true, true]);
  });

  it('keeps an image that another publication or the profile still shows', async () => {
    const shared = await uploadImage(app, actors.author);
    const picture = await uploadImage(app, actors.author);
    await subject.database.db
      .updateTable('users')
      .set({ picture_url: picture.url })
      .where('id', '=', actors.author.id)
      .execute();
    const first = await createPublication(app, actors.author, validForm('barter', [shared.url, picture.url]));
    const second = await createPublication(app, actors.author, validForm('barter', [shared.url]));

    await remove(first._id);
    expect(await exists(shared)).toEqual([true, true]);
    expect(await exists(picture)).toEqual([true, true]);

    await remove(second._id);
    expect(await exists(shared)).toEqual([false, false]);
    expect(await exists(picture)).toEqual([true, true]);
  });

  it('never deletes the demo images, which several publications may share', async () => {
    const { mediaStorage } = subject.app;
    await mediaStorage.save('demo/compost.webp', Buffer.from('imagen'), 'image/webp');
    await mediaStorage.save('demo/compost.sm.webp', Buffer.from('miniatura'), 'image/webp');
    const demo = { url: '/media/demo/compost.webp', thumbnailUrl: '/media/demo/compost.sm.webp' };
    const id = await storePublication(subject.database.db, {
      typed: 'tips',
      title: 'Compost en balcón',
      createdBy: actors.author.id,
      createdAt: new Date().toISOString(),
      files: [demo.url],
    });

    expect((await remove(id)).statusCode).toBe(204);

    expect(await exists(demo)).toEqual([true, true]);
  });
});
