import { sql } from 'kysely';
import { normalizeSearchTerms, stemText } from '@eco/domain';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { countRows } from '../src/db/count.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { DB, Dialect } from '../src/db/schema.ts';
import { createListMemory, listPublications } from '../src/modules/publications/list-repository.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';

/** 0003 and every later migration, which run again after it. */
const FROM_0003 = Object.keys(migrations).filter((name) => name >= '0003');

async function titlesFound(db: DB, dialect: Dialect, words: string[]): Promise<string[]> {
  const { rows } = await listPublications(
    db,
    dialect,
    { status: 'all', words: normalizeSearchTerms(words.join(' ')), offset: 0, limit: 60 },
    createListMemory(),
  );
  return rows.map((row) => row.title);
}

describe('migration 0003-publication-search', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('indexes the publications that existed before it, and the index follows later changes', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db, dialect } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0002-accounts')).error).toBeUndefined();
    const at = '2025-05-01T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, created_at, updated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', ${at}, ${at})`.execute(db);
    await sql`insert into publications (id, typed, title, description, labels, status, created_by, created_at,
        updated_at)
      values ('p1', 'dots', 'Punto de Reciclaje', 'Cartón y botellas', '["Papel/Cartón"]', 1, 'u1', ${at}, ${at}),
             ('p2', 'market', 'Jabón artesanal', 'Hecho con aceite usado', '[]', 0, 'u1', ${at}, ${at})`.execute(
      db,
    );

    expect(await migrateToLatest(db)).toEqual(FROM_0003);

    expect(await titlesFound(db, dialect, ['carton'])).toEqual(['Punto de Reciclaje']);
    expect(await titlesFound(db, dialect, ['aceite'])).toEqual(['Jabón artesanal']);
    expect(await titlesFound(db, dialect, ['reciclage'])).toEqual(['Punto de Reciclaje']);
    expect(await titlesFound(db, dialect, ['papel'])).toEqual(['Punto de Reciclaje']);

    await db
      .updateTable('publications')
      .set({ title: 'Jabón de glicerina', title_stems: stemText('Jabón de glicerina') })
      .where('id', '=', 'p2')
      .execute();
    expect(await titlesFound(db, dialect, ['glicerina'])).toEqual(['Jabón de glicerina']);

    // Deleting the author cascades to the publications and to their search index.
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await titlesFound(db, dialect, ['carton'])).toEqual([]);
    if (dialect === 'sqlite') {
      expect(await countRows(db.selectFrom('publication_search_rows'))).toBe(0);
      const { rows } = await sql<{ count: number }>`select count(*) as count from publication_search
        where publication_search match 'carton'`.execute(db);
      expect(rows[0]?.count).toBe(0);
    }
  });

  it('can be undone and redone', async () => {
    subject = await createTestDatabase();
    const { db, dialect } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const at = '2025-05-01T10:00:00.000Z';
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'ana@example.com',
        name: 'Ana',
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('publications')
      .values({
        id: 'p1',
        typed: 'barter',
        title: 'Frascos de vidrio',
        description: 'Con tapa',
        ...searchStemsOf({ title: 'Frascos de vidrio', description: 'Con tapa', labels: '[]' }),
        created_by: 'u1',
        created_at: at,
        updated_at: at,
      })
      .execute();

    expect((await migrator.migrateTo('0002-accounts')).error).toBeUndefined();
    expect(await migrateToLatest(db)).toEqual(FROM_0003);

    expect(await titlesFound(db, dialect, ['frasco'])).toEqual(['Frascos de vidrio']);
  });
});

describe('migration 0015-search-in-list-order', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('numbers the publications in the order the lists showed them, and indexes their facets', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db, dialect } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0014-publication-counts')).error).toBeUndefined();
    const at = (day: number) => `2025-05-0${day}T10:00:00.000Z`;
    await sql`insert into users (id, email, name, password_hash, is_active, created_at, updated_at)
      values ('u1', 'u1@example.com', 'Ana', 'x', 1, ${at(1)}, ${at(1)}),
             ('u2', 'u2@example.com', 'Bea', 'x', 0, ${at(1)}, ${at(1)})`.execute(db);
    // Added in another order than their dates: the lists showed them by date, then id.
    const rows: [string, number, string, string, string][] = [
      ['p-b', 3, 'u1', 'Frascos de vidrio', 'baires'],
      ['p-a', 1, 'u1', 'Botellas de vidrio', 'cordoba'],
      ['p-d', 3, 'u1', 'Vidrio templado', 'cordoba'],
      ['p-c', 2, 'u2', 'Vidrios de una suspendida', 'cordoba'],
    ];
    for (const [id, day, author, title, province] of rows) {
      const content = { title, description: 'Limpios.', labels: '["Vidrios"]' };
      await db
        .insertInto('publications')
        .values({
          id,
          typed: 'barter',
          ...content,
          ...searchStemsOf(content),
          status: 1,
          location_country: 'arg',
          location_province: province,
          created_by: author,
          created_at: at(day),
          updated_at: at(day),
        })
        .execute();
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const ids = async (words: string, extra: object = {}) =>
      (
        await listPublications(
          db,
          dialect,
          {
            status: 'published',
            words: normalizeSearchTerms(words),
            offset: 0,
            limit: 10,
            ...extra,
          },
          createListMemory(),
        )
      ).rows.map((row) => row.id);
    expect(await ids('')).toEqual(['p-d', 'p-b', 'p-a']);
    expect(await ids('vidrio')).toEqual(['p-d', 'p-b', 'p-a']);
    expect(await ids('vidrio', { country: 'arg', province: 'cordoba' })).toEqual(['p-d', 'p-a']);
    expect(await ids('vidrio', { labels: ['Vidrios'], typed: 'barter' })).toEqual(['p-d', 'p-b', 'p-a']);

    // The next one added is the newest, and a reinstated author's publication comes back to the searches.
    const content = { title: 'Vidrio soplado', description: 'Artesanal.', labels: '[]' };
    await db
      .insertInto('publications')
      .values({
        id: 'p-0',
        typed: 'market',
        ...content,
        ...searchStemsOf(content),
        status: 1,
        created_by: 'u1',
        created_at: at(1),
        updated_at: at(1),
      })
      .execute();
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', 'u2').execute();
    expect(await ids('vidrio')).toEqual(['p-0', 'p-d', 'p-b', 'p-c', 'p-a']);
    expect(await ids('vidrio', { country: 'arg', province: 'cordoba' })).toEqual(['p-d', 'p-c', 'p-a']);
  });
});
