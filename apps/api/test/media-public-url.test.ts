import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaAddresses, mapUrlFields } from '../src/modules/media/public-address.ts';
import {
  createActors,
  createPublication,
  uploadImage,
  validForm,
  type Actors,
  type PublicationBody,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// MEDIA_PUBLIC_URL: answers and pages point at the CDN, the database keeps /media/ addresses, forms that send an
// address back keep working, and the pages' CSP lets the images load.

const CDN = 'https://cdn.example.org/eco';

describe('mapUrlFields', () => {
  const addresses = createMediaAddresses(`${CDN}/`);

  it('maps only url fields holding /media/ addresses, at any depth, without touching the original', () => {
    const answer = {
      title: '/media/uploads/u/a.webp',
      files: [{ url: '/media/uploads/u/a.webp', thumbnailUrl: '/media/uploads/u/a.sm.webp' }],
      createdBy: { pictureUrl: '/media/demo/avatar.webp', name: 'Ana' },
      imageUrl: 'https://elsewhere.example/a.webp',
      link: '/media/uploads/u/a.webp',
      nothing: null,
    };
    const before = structuredClone(answer);
    expect(mapUrlFields(answer, addresses.toPublic)).toEqual({
      ...answer,
      files: [{ url: `${CDN}/uploads/u/a.webp`, thumbnailUrl: `${CDN}/uploads/u/a.sm.webp` }],
      createdBy: { pictureUrl: `${CDN}/demo/avatar.webp`, name: 'Ana' },
    });
    expect(answer).toEqual(before);
  });

  it('maps public addresses back, and nothing else', () => {
    expect(addresses.toStored(`${CDN}/uploads/u/a.webp`)).toBe('/media/uploads/u/a.webp');
    expect(addresses.toStored('https://cdn.example.org/other/a.webp')).toBe(
      'https://cdn.example.org/other/a.webp',
    );
    expect(addresses.toStored('/media/uploads/u/a.webp')).toBe('/media/uploads/u/a.webp');
  });
});

describe('with MEDIA_PUBLIC_URL', () => {
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp({ env: { MEDIA_PUBLIC_URL: `${CDN}/` } });
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers uploads, publications and profiles with CDN addresses and stores /media/ ones', async () => {
    const { db } = subject.database;
    const image = await uploadImage(subject.app, actors.author);
    expect(image.url).toMatch(new RegExp(`^${CDN}/uploads/${actors.author.id}/\\d+-[0-9a-f]+\\.webp$`));
    expect(image.thumbnailUrl).toBe(image.url.replace(/\.webp$/, '.sm.webp'));
    const stored = `/media/${image.url.slice(CDN.length + 1)}`;
    expect((await db.selectFrom('uploads').select('url').executeTakeFirstOrThrow()).url).toBe(stored);

    // The form sends back the address it was shown.
    const created = await createPublication(subject.app, actors.author, validForm('market', [image.url]));
    expect(created.files).toEqual([image]);
    const row = await db.selectFrom('publication_files').select('url').executeTakeFirstOrThrow();
    expect(row.url).toBe(stored);

    // Editing it with the same address keeps the image.
    const edited = await subject.app.inject({
      method: 'PUT',
      url: `/api/publication/${created._id}`,
      headers: actors.author.headers,
      payload: validForm('market', [image.url], { title: 'Frascos de vidrio grandes' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // The public list serializes its answers ahead and remembers them: they carry CDN addresses too.
    await db.updateTable('publications').set({ status: 1 }).where('id', '=', created._id).execute();
    const list = await subject.app.inject({ method: 'GET', url: '/api/publications' });
    const [listed] = list.json<{ publications: PublicationBody[] }>().publications;
    expect(listed?.files).toEqual([image]);

    const picture = await uploadImage(subject.app, actors.other);
    const profile = await subject.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: actors.other.headers,
      payload: {
        name: 'Otra Persona',
        locationCountry: 'arg',
        locationProvince: 'cordoba',
        locationCity: 'cba-city',
        pictureUrl: picture.url,
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const me = await subject.app.inject({ method: 'GET', url: '/api/me', headers: actors.other.headers });
    expect(me.json().user.pictureUrl).toBe(picture.url);
    const user = await db
      .selectFrom('users')
      .select('picture_url')
      .where('id', '=', actors.other.id)
      .executeTakeFirstOrThrow();
    expect(user.picture_url).toBe(`/media/${picture.url.slice(CDN.length + 1)}`);

    const exported = await subject.app.inject({
      method: 'GET',
      url: '/api/me/export',
      headers: actors.other.headers,
    });
    expect(exported.json().profile.pictureUrl).toBe(picture.url);

    // Addresses handed out before the CDN still work through the app.
    const served = await subject.app.inject({ method: 'GET', url: stored });
    expect(served.statusCode).toBe(200);
  });

  it("lets the pages load images from the CDN's origin (CSP img-src)", async () => {
    const page = await subject.app.inject({ method: 'GET', url: '/una-pagina-que-no-existe' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.org(;|$)/);
  });
});
