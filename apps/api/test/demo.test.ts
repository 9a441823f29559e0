import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORY_KEYS, MATERIAL_LABELS, publicationSchema } from '@eco/domain';
import { verify } from '@node-rs/argon2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_SUPER_USER_EMAIL,
  DEMO_SUPER_USER_PASSWORD,
  DEMO_USER_PASSWORD,
  demoPublications,
  demoUsers,
} from '../src/demo/demo-data.ts';
import { SMALL_SUFFIX } from '../src/demo/demo-images.ts';
import { loadDemoContent, startDate, toPublicationInput } from '../src/demo/load-demo-content.ts';
import { countRows } from '../src/db/count.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const NOW = new Date('2026-06-01T15:00:00.000Z');

describe('demo content', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('is valid under the domain publication schema (tips are not a listing type of the form)', () => {
    const urls = ['/media/demo/example-1-0123456789.webp'];
    for (const publication of demoPublications) {
      const result = publicationSchema.safeParse(toPublicationInput(publication, urls, NOW));
      if (publication.typed === 'tips') {
        expect(
          result.error?.issues.map((issue) => issue.path.join('.')),
          publication.key,
        ).toEqual(['typed']);
      } else {
        expect(result.error?.issues, publication.key).toBeUndefined();
      }
    }
  });

  it('covers every category with realistic data from several provinces of both countries', () => {
    for (const key of CATEGORY_KEYS) {
      expect(
        demoPublications.filter((publication) => publication.typed === key).length,
        key,
      ).toBeGreaterThanOrEqual(3);
    }
    const provinces = new Set(demoPublications.map((publication) => publication.place.province));
    expect(provinces.size).toBeGreaterThanOrEqual(5);
    expect(new Set(demoUsers.map((user) => user.place.country))).toEqual(new Set(['arg', 'col']));
    const labels = demoPublications.flatMap((publication) => publication.labels ?? []);
    expect(labels.every((label) => (MATERIAL_LABELS as readonly string[]).includes(label))).toBe(true);
    expect(new Set(demoPublications.map((publication) => publication.key)).size).toBe(
      demoPublications.length,
    );
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

  it('loads users, publications and locally drawn WebP images into an empty database', async () => {
    const { db } = subject.database;
    const result = await loadDemoContent(db, { mediaDir: subject.config.mediaDir, now: NOW });

    expect(result).toMatchObject({
      loaded: true,
      users: demoUsers.length,
      publications: demoPublications.length,
    });
    expect(await countRows(db.selectFrom('users'))).toBe(demoUsers.length);
    expect(await countRows(db.selectFrom('publications'))).toBe(demoPublications.length);
    expect(await countRows(db.selectFrom('users').where('is_super_user', '=', 1))).toBe(1);

    const typed = await db.selectFrom('publications').select('typed').distinct().execute();
    expect(typed.map((row) => row.typed).sort()).toEqual([...CATEGORY_KEYS].sort());
    const awaiting = await countRows(db.selectFrom('publications').where('status', '=', 0));
    expect(awaiting).toBeGreaterThanOrEqual(2);
    expect(awaiting).toBeLessThan(demoPublications.length / 2);

    const files = await db
      .selectFrom('publication_files')
      .select(['publication_id', 'position', 'url'])
      .execute();
    expect(files.length).toBe(demoPublications.reduce((sum, publication) => sum + publication.images, 0));
    for (const { url } of files) {
      expect(url).toMatch(/^\/media\/demo\/[\w-]+\.webp$/);
      const file = path.join(subject.config.mediaDir, url.slice('/media/'.length));
      const large = await sharp(file).metadata();
      expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 900]);
      const small = await sharp(file.replace(/\.webp$/, `${SMALL_SUFFIX}.webp`)).metadata();
      expect([small.format, small.width, small.height]).toEqual(['webp', 480, 360]);
    }
  });

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

  it('is skipped when the database already has users', async () => {
    const { db } = subject.database;
    const before = await countRows(db.selectFrom('publications'));

    const result = await loadDemoContent(db, { mediaDir: subject.config.mediaDir });

    expect(result).toEqual({ loaded: false });
    expect(await countRows(db.selectFrom('publications'))).toBe(before);
    expect(await countRows(db.selectFrom('users'))).toBe(demoUsers.length);
  });
});
