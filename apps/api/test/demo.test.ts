import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORY_KEYS } from '@eco/domain';
import { verify } from '@node-rs/argon2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_SUPER_USER_EMAIL,
  DEMO_SUPER_USER_PASSWORD,
  DEMO_USER_PASSWORD,
  demoPublications,
  demoRatings,
  demoUsers,
} from '../src/demo/demo-data.ts';
import { SMALL_SUFFIX } from '../src/demo/demo-images.ts';
import { loadDemoContent, startDate } from '../src/demo/load-demo-content.ts';
import { countRows } from '../src/db/count.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers/test-app.ts';

const NOW = new Date('2026-06-01T15:00:00.000Z');

describe('demo content', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('dates events at the local time of their country', () => {
    const place = { country: 'arg', province: 'cordoba', city: 'cba-city' };
    // 15:00 UTC is noon in Argentina: ten days later at 18:00 local is 21:00 UTC.
    expect(startDate(NOW, place, { days: 10, time: '18:00' })).toBe('2026-06-11T21:00:00.000Z');
    const late = new Date('2026-06-01T02:00:00.000Z'); // still 31 May in Argentina
    expect(startDate(late, place, { days: 1, time: '09:00' })).toBe('2026-06-01T12:00:00.000Z');
    expect(
      startDate(NOW, { country: 'col', province: 'boyaca', city: 'tunja' }, { days: 0, time: '17:30' }),
    ).toBe('2026-06-01T22:30:00.000Z');
  });

  // Draws about ninety images: generous on a busy two-core machine, where the suite runs in parallel.
  it(
    'loads users, publications and locally drawn WebP images into an empty database',
    { timeout: 120_000 },
    async () => {
      const { db } = subject.database;
      const result = await loadDemoContent(db, { mediaDir: subject.config.mediaDir, now: NOW });

      expect(result).toMatchObject({
        loaded: true,
        users: demoUsers.length,
        publications: demoPublications.length,
      });
      expect(await countRows(db.selectFrom('users'))).toBe(demoUsers.length);
      expect(
        await countRows(db.selectFrom('publications').where('typed', '<>', 'tips')),
      ).toBeGreaterThanOrEqual(60);
      expect(await countRows(db.selectFrom('publications').where('typed', '=', 'tips'))).toBe(10);
      expect(await countRows(db.selectFrom('users').where('is_super_user', '=', 1))).toBe(1);

      const typed = await db.selectFrom('publications').select('typed').distinct().execute();
      expect(typed.map((row) => row.typed).sort()).toEqual([...CATEGORY_KEYS].sort());
      const provinces = await db.selectFrom('publications').select('location_province').distinct().execute();
      expect(new Set(provinces.map((row) => row.location_province))).toEqual(
        new Set([
          'sde',
          'baires',
          'cordoba',
          'tucuman',
          'san-luis',
          'mendoza',
          'antioquia',
          'boyaca',
          'cesar',
        ]),
      );
      const awaiting = await countRows(db.selectFrom('publications').where('status', '=', 0));
      expect(awaiting).toBe(demoPublications.filter((publication) => !publication.published).length);
      expect(awaiting).toBeGreaterThanOrEqual(6);

      const tipAuthors = await db
        .selectFrom('publications')
        .innerJoin('users', 'users.id', 'publications.created_by')
        .select(['users.email', 'publications.status'])
        .where('publications.typed', '=', 'tips')
        .distinct()
        .execute();
      expect(tipAuthors).toEqual([{ email: DEMO_SUPER_USER_EMAIL, status: 1 }]);

      const scheduled = await db
        .selectFrom('publications')
        .select('calendared_at')
        .where('typed', 'in', ['events', 'courses'])
        .execute();
      expect(
        scheduled.every(({ calendared_at }) => calendared_at !== null && calendared_at > NOW.toISOString()),
      ).toBe(true);

      const files = await db
        .selectFrom('publication_files')
        .select(['publication_id', 'position', 'url'])
        .execute();
      expect(files.length).toBe(demoPublications.reduce((sum, publication) => sum + publication.images, 0));
      const perPublication = new Map<string, number>();
      for (const { publication_id } of files) {
        perPublication.set(publication_id, (perPublication.get(publication_id) ?? 0) + 1);
      }
      expect(perPublication.size).toBe(demoPublications.length);
      expect([...perPublication.values()].every((count) => count === 1 || count === 2)).toBe(true);
      // Each publication owns its files, since deleting a publication deletes them.
      expect(new Set(files.map((file) => file.url)).size).toBe(files.length);
      for (const { url } of files) {
        expect(url).toMatch(/^\/media\/demo\/[\w-]+\.webp$/);
        const file = path.join(subject.config.mediaDir, url.slice('/media/'.length));
        const large = await sharp(file).metadata();
        expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 900]);
        const small = await sharp(file.replace(/\.webp$/, `${SMALL_SUFFIX}.webp`)).metadata();
        expect([small.format, small.width, small.height]).toEqual(['webp', 480, 360]);
      }
    },
  );

  it('stores the documented passwords as argon2id hashes, and lowercased e-mails', async () => {
    const { db } = subject.database;
    const admin = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEMO_SUPER_USER_EMAIL)
      .executeTakeFirstOrThrow();
    expect(admin.is_super_user).toBe(1);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(admin.password_hash, DEMO_SUPER_USER_PASSWORD)).toBe(true);

    const other = await db
      .selectFrom('users')
      .selectAll()
      .where('is_super_user', '=', 0)
      .executeTakeFirstOrThrow();
    expect(await verify(other.password_hash, DEMO_USER_PASSWORD)).toBe(true);
    expect(other.picture_url).toMatch(/^\/media\/demo\/avatar-[\w-]+\.webp$/);

    const emails = await db.selectFrom('users').select('email').execute();
    expect(emails.every(({ email }) => email === email.toLowerCase())).toBe(true);
  });

  it('serves the demo images from /media/ with a long, immutable cache', async () => {
    const file = await subject.database.db
      .selectFrom('publication_files')
      .select('url')
      .executeTakeFirstOrThrow();
    const response = await subject.app.inject({ method: 'GET', url: file.url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const size = (await stat(path.join(subject.config.mediaDir, file.url.slice('/media/'.length)))).size;
    expect(response.rawPayload.length).toBe(size);

    const missing = await subject.app.inject({ method: 'GET', url: '/media/demo/missing.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No se encontró la ruta solicitada');
  });

  it('is found through the publications API the way visitors search', async () => {
    type Page = {
      total: number;
      publications: { title: string; typed: string; createdBy: { name: string } }[];
    };
    const list = async (query: string): Promise<Page> => {
      const response = await subject.app.inject({ method: 'GET', url: `/api/publications?${query}` });
      expect(response.statusCode, query).toBe(200);
      return response.json<Page>();
    };

    const published = demoPublications.filter((publication) => publication.published);
    expect((await list('')).total).toBe(published.length);
    const tips = await list('typed=tips&pageSize=60');
    expect(tips.total).toBe(10);
    expect(new Set(tips.publications.map((publication) => publication.createdBy.name))).toEqual(
      new Set(['Lucía Fernández']),
    );

    // Glass recycling in Córdoba, typed without accents and in the plural.
    const glass = await list('term=vidrios&typed=dots&province=cordoba');
    expect(glass.publications.map((publication) => publication.title)).toContain(
      'Campana de vidrio en barrio Güemes',
    );
    for (const term of ['botellas', 'carton', 'reciclaje', 'compost', 'segunda mano']) {
      expect((await list(`term=${encodeURIComponent(term)}`)).total, term).toBeGreaterThanOrEqual(2);
    }
    const workshops = await list('term=compost&typed=events');
    expect(workshops.total).toBeGreaterThanOrEqual(1);
  });

  it('has members rating each other, with totals that match, and a few notifications each', async () => {
    const { db } = subject.database;
    expect(await countRows(db.selectFrom('qualifications'))).toBe(demoRatings.length);
    const users = await db.selectFrom('users').select(['id', 'name', 'rating_count', 'rating_sum']).execute();
    for (const user of users) {
      const received = await db
        .selectFrom('qualifications')
        .select('rating')
        .where('to_user_id', '=', user.id)
        .execute();
      expect(user.rating_count, user.name).toBe(received.length);
      expect(user.rating_sum, user.name).toBe(received.reduce((sum, row) => sum + row.rating, 0));
      const notifications = await countRows(db.selectFrom('notifications').where('user_id', '=', user.id));
      expect(notifications, user.name).toBeGreaterThanOrEqual(3);
      expect(notifications, user.name).toBeLessThanOrEqual(20);
    }

    const valentina = users.find((user) => user.name === 'Valentina Quiroga');
    const profile = await subject.app.inject({ method: 'GET', url: `/api/user/${valentina?.id}` });
    expect(profile.json()).toMatchObject({
      userRatingData: { qualificationAvg: 4.6, count: 5, distribution: { '4': 2, '5': 3 } },
    });
    const ratings = await subject.app.inject({
      method: 'GET',
      url: `/api/user/${valentina?.id}/qualifications`,
    });
    expect(
      ratings.json<{ qualifications: { fromUser: { name: string } }[] }>().qualifications[0]?.fromUser.name,
    ).toBe('Diego Albornoz');
    // Every member has unread notifications for the bell, and some read ones.
    const unread = await countRows(db.selectFrom('notifications').where('read_at', 'is', null));
    const read = await countRows(db.selectFrom('notifications').where('read_at', 'is not', null));
    expect(unread).toBeGreaterThan(0);
    expect(read).toBeGreaterThan(0);
  });

  it('is skipped when the database already has users', async () => {
    const { db } = subject.database;
    const before = await countRows(db.selectFrom('publications'));

    const result = await loadDemoContent(db, { mediaDir: subject.config.mediaDir });

    expect(result).toEqual({ loaded: false });
    expect(await countRows(db.selectFrom('publications'))).toBe(before);
    expect(await countRows(db.selectFrom('users'))).toBe(demoUsers.length);
  });

  it('reuses the drawn images when loading into another empty database with the same media', async () => {
    const other = await createTestDatabase();
    try {
      const result = await loadDemoContent(other.database.db, {
        mediaDir: subject.config.mediaDir,
        now: NOW,
      });

      expect(result).toMatchObject({ loaded: true, publications: demoPublications.length, drawings: 0 });
      const urls = (db: typeof other.database.db) =>
        db
          .selectFrom('publication_files')
          .select('url')
          .execute()
          .then((rows) => rows.map((row) => row.url).sort());
      expect(await urls(other.database.db)).toEqual(await urls(subject.database.db));
    } finally {
      await other.dispose();
    }
  });
});
