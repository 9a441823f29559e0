import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneListChanges, readChanges, type ListChange } from '../src/db/list-changes.ts';
import { readListVersion } from '../src/db/list-versions.ts';
import { createCommunityMail } from '../src/modules/notifications/community-mail.ts';
import { listQuerySchema } from '../src/modules/publications/schemas.ts';
import { createPublicationsService } from '../src/modules/publications/service.ts';
import {
  createActors,
  storePublication,
  uploadImage,
  validForm,
  type Actors,
} from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Every write to what the lists show logs what it changed next to the version it raises (migration 0016), and a
// process keeps, at the newer version, the remembered answers none of those changes can alter: byte for byte what
// a process remembering nothing answers.

const DAY = '2025-03-01T10:00:00.000Z';

describe('logged list changes and the answers kept across them', () => {
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
    for (let index = 0; index < 8; index++) {
      await storePublication(subject.database.db, {
        typed: index % 2 === 0 ? 'market' : 'dots',
        title: index % 2 === 0 ? `Frascos de vidrio ${index}` : `Cajas de cartón ${index}`,
        createdBy: actors.author.id,
        createdAt: DAY,
        country: 'arg',
        province: 'cordoba',
      });
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  /** A publications service of its own on the test database, as another process would have. */
  function service() {
    const { app, database } = subject;
    return createPublicationsService({
      db: database.db,
      reader: database.reader,
      dialect: database.dialect,
      storage: app.mediaStorage,
      log: app.log,
      secretKey: 'list-changes-test-secret-key-of-32-characters',
      mail: createCommunityMail({
        db: database.db,
        mailer: app.mailer,
        publicUrl: subject.config.publicUrl,
        secretKey: subject.config.secretKey,
        logger: app.log,
      }),
    });
  }

  type Service = ReturnType<typeof service>;

  function answer(from: Service, url: string): Promise<Buffer> {
    const params = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    const query = listQuerySchema.parse(params);
    return from.listPublishedAnswer({ ...query, status: 'published' }, JSON.stringify, url);
  }

  async function changesSince(version: number): Promise<ListChange[]> {
    const { db } = subject.database;
    return (await readChanges(db, 'publications', version, await readListVersion(db, 'publications'))) ?? [];
  }

  it('logs a publication before and after, its images, an author’s card and a suspension', async () => {
    const { db } = subject.database;
    const start = await readListVersion(db, 'publications');
    const image = await uploadImage(subject.app, actors.superUser);
    const created = await subject.app.inject({
      method: 'POST',
      url: '/api/publications',
      payload: validForm('market', [image.url], { title: 'Botellas retornables' }),
      headers: actors.superUser.headers,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ publication: { _id: string } }>().publication._id;
    const onCreate = await changesSince(start);
    expect(onCreate).toContainEqual({ kind: 'files', id });
    const inserted = onCreate.find((change) => change.kind === 'publication');
    expect(inserted).toMatchObject({
      before: null,
      after: { id, status: 1, visible: true, author: actors.superUser.id, typed: 'market', labels: [] },
    });
    expect(inserted?.kind === 'publication' && inserted.after?.words.split(' ')).toContain('botell');

    const beforeEdit = await readListVersion(db, 'publications');
    await db.updateTable('publications').set({ typed: 'dots' }).where('id', '=', id).execute();
    expect(await changesSince(beforeEdit)).toEqual([
      {
        kind: 'publication',
        before: expect.objectContaining({ id, typed: 'market' }),
        after: expect.objectContaining({ id, typed: 'dots' }),
      },
    ]);

    const beforeCard = await readListVersion(db, 'publications');
    await db.updateTable('users').set({ name: 'Otro Nombre' }).where('id', '=', actors.other.id).execute();
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', actors.other.id).execute();
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', actors.other.id).execute();
    expect(await changesSince(beforeCard)).toEqual([
      { kind: 'author', id: actors.other.id },
      { kind: 'reset' },
      { kind: 'reset' },
    ]);

    const beforeDelete = await readListVersion(db, 'publications');
    await db.deleteFrom('publications').where('id', '=', id).execute();
    const onDelete = await changesSince(beforeDelete);
    expect(onDelete).toContainEqual({ kind: 'files', id });
    expect(onDelete).toContainEqual({
      kind: 'publication',
      before: expect.objectContaining({ id, typed: 'dots' }),
      after: null,
    });

    // A statement of a few rows logs each; one of many rows (a bulk load, on PostgreSQL) is one reset.
    const beforeFew = await readListVersion(db, 'publications');
    await sql`update publications set updated_at = updated_at`.execute(db);
    const few = await changesSince(beforeFew);
    expect(few.length).toBe(8);
    expect(few.every((change) => change.kind === 'publication')).toBe(true);
    if (subject.database.dialect === 'postgres') {
      const beforeMany = await readListVersion(db, 'publications');
      await sql`insert into publications (id, typed, title, description, labels, status, created_by, created_at,
          updated_at)
        select 'bulk-' || n, 'dots', 'Bulk', 'Bulk', '[]', 0, ${actors.author.id}, ${DAY}, ${DAY}
        from generate_series(1, 250) as n`.execute(db);
      expect(await changesSince(beforeMany)).toEqual([{ kind: 'reset' }]);
      await db.deleteFrom('publications').where('id', 'like', 'bulk-%').execute();
    }
  });

  it('keeps the answers a write cannot alter, and they equal a fresh process’s', async () => {
    const { db } = subject.database;
    const remembered = service();
    const urls = [
      '/api/publications?term=frascos',
      '/api/publications?typed=dots',
      '/api/publications?country=col',
      '/api/publications',
      '/api/publications?term=mesa',
    ];
    const first = new Map<string, Buffer>();
    for (const url of urls) first.set(url, await answer(remembered, url));

    // A published market table in Colombia: the whole list and 'mesa' change, the others cannot.
    await storePublication(db, {
      typed: 'market',
      title: 'Mesa de pino',
      createdBy: actors.author.id,
      createdAt: DAY,
      country: 'col',
      province: 'antioquia',
    });
    // …and a member's publication waiting for review changes no public answer.
    await storePublication(db, {
      typed: 'dots',
      title: 'Frascos en revisión',
      status: 0,
      createdBy: actors.author.id,
      createdAt: DAY,
    });

    expect(await remembered.rememberedPublishedAnswer('/api/publications?term=frascos')).toBe(
      first.get('/api/publications?term=frascos'),
    );
    expect(await remembered.rememberedPublishedAnswer('/api/publications?typed=dots')).toBe(
      first.get('/api/publications?typed=dots'),
    );
    expect(await remembered.rememberedPublishedAnswer('/api/publications')).toBeUndefined();
    expect(await remembered.rememberedPublishedAnswer('/api/publications?country=col')).toBeUndefined();
    expect(await remembered.rememberedPublishedAnswer('/api/publications?term=mesa')).toBeUndefined();

    const fresh = service();
    for (const url of urls) {
      expect((await answer(remembered, url)).toString(), url).toBe((await answer(fresh, url)).toString());
    }
    expect((await answer(remembered, '/api/publications?term=mesa')).toString()).toContain('Mesa de pino');
  });

  it('keeps a misspelled search across new words unlike its own, and equals a fresh process’s', async () => {
    const { db } = subject.database;
    const remembered = service();
    // 'frascoz' finds nothing as typed and is corrected; 'zapallitos' finds nothing and resembles no known word.
    const corrected = '/api/publications?term=frascoz';
    const unknown = '/api/publications?term=zapallitos';
    const before = {
      corrected: await answer(remembered, corrected),
      unknown: await answer(remembered, unknown),
    };
    expect(before.corrected.toString()).toContain('Frascos de vidrio');
    expect(JSON.parse(before.unknown.toString())).toMatchObject({ total: 0 });

    // New words like neither ('lombricompuesto', 'madera'), even on a published publication: both are kept.
    await storePublication(db, {
      typed: 'dots',
      title: 'Lombricompuesto y aserrín de madera',
      createdBy: actors.author.id,
      createdAt: DAY,
    });
    expect(await remembered.rememberedPublishedAnswer(corrected)).toBe(before.corrected);
    expect(await remembered.rememberedPublishedAnswer(unknown)).toBe(before.unknown);

    // A word that 'zapallitos' begins, held back for review: the answer stays empty but its correction changes.
    await storePublication(db, {
      typed: 'market',
      title: 'Zapallitos de la huerta',
      status: 0,
      createdBy: actors.author.id,
      createdAt: DAY,
    });
    expect(await remembered.rememberedPublishedAnswer(corrected)).toBe(before.corrected);
    expect(await remembered.rememberedPublishedAnswer(unknown)).toBeUndefined();

    const fresh = service();
    for (const url of [corrected, unknown]) {
      expect((await answer(remembered, url)).toString(), url).toBe((await answer(fresh, url)).toString());
    }
  });

  it('keeps nothing once the changes since its version are pruned', async () => {
    const { db } = subject.database;
    const remembered = service();
    const url = '/api/publications?term=frascos';
    const kept = await answer(remembered, url);
    expect(await remembered.rememberedPublishedAnswer(url)).toBe(kept);
    // A change no answer depends on, then every change pruned (as an hour later).
    await db.updateTable('users').set({ name: 'Nadie' }).where('id', '=', actors.other.id).execute();
    expect(await pruneListChanges(db, new Date(Date.now() + 60_000), 0)).toBeGreaterThan(0);
    await db.updateTable('users').set({ name: 'Nadie Más' }).where('id', '=', actors.other.id).execute();
    expect(await remembered.rememberedPublishedAnswer(url)).toBeUndefined();
    expect((await answer(remembered, url)).toString()).toBe(kept.toString());
  });
});
