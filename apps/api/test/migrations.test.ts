import { CATEGORY_KEYS, type OpeningRange } from '@eco/domain';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-app.ts';
import { openingRangeRows, openMinutesOf } from '../src/modules/publications/place-columns.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';
import { kindOf } from '../src/modules/publications/place-sql.ts';

const TABLES = [
  'attempt_counters',
  'calendar_feeds',
  'captcha_solutions',
  'contact_items',
  'contacts',
  'favorites',
  // The address search's cache and shared pace (migration 0040).
  'geocoded_addresses',
  'geocoder_pace',
  'interests',
  'jobs',
  'list_changes',
  'list_versions',
  // The map's cells counted per zoom band (migration 0029).
  'map_cell_bands',
  'material_label_bits',
  'moderation_log',
  'notifications',
  'order_events',
  'orders',
  'publication_counts',
  'publication_files',
  'publication_map_cells',
  // Recycling points' open stretches (migration 0024).
  'publication_opening_ranges',
  'publications',
  'push_deliveries',
  'push_keys',
  'push_subscriptions',
  'qualifications',
  'reports',
  // Saved searches (migration 0028).
  'saved_search_digests',
  'saved_search_hits',
  'saved_searches',
  'search_words',
  'seller_accounts',
  'seller_authorizations',
  'sessions',
  'uploads',
  'user_tokens',
  'users',
];
// SQLite's search index (migration 0003): full-text tables, their shadow tables, and the slim search rows.
// SQLite's R*Tree of the public points (migration 0024) and its shadow tables; the dated rows by seq (migration 0041)
// and the points by seq (migration 0042).
const SQLITE_SEARCH_TABLES = [
  'publication_search',
  'publication_search_rows',
  'search_word_trigrams',
  'publication_places',
  'publication_dates',
  'publication_points',
];

/** The tables of the application, without SQLite's full-text index tables. */
function applicationTables(names: string[]): string[] {
  return names
    .filter((name) => !SQLITE_SEARCH_TABLES.some((table) => name === table || name.startsWith(`${table}_`)))
    .sort();
}

describe('migrations', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('create every table from an empty database, and a second run changes nothing', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db } = subject.database;
    expect(await db.introspection.getTables()).toEqual([]);

    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    // PostgreSQL's search tokens, their vocabulary (migration 0017), their counts (0018) and bits (0019); SQLite's
    // full-text index has its own.
    const expected =
      subject.database.dialect === 'postgres'
        ? [
            ...TABLES,
            'publication_tokens',
            'search_token_bits',
            'search_token_counts',
            'search_tokens_vocabulary',
          ].sort()
        : TABLES;
    const tables = await db.introspection.getTables();
    expect(applicationTables(tables.map((table) => table.name))).toEqual(expected);

    expect(await migrateToLatest(db)).toEqual([]);
    expect(applicationTables((await db.introspection.getTables()).map((table) => table.name))).toEqual(
      expected,
    );
  });

  it('creates the columns the schema types describe', async () => {
    subject = await createTestDatabase();
    const tables = await subject.database.db.introspection.getTables();
    const columns = Object.fromEntries(
      tables.map((table) => [table.name, table.columns.map((column) => column.name).sort()]),
    );

    expect(columns.users).toEqual(
      [
        'activated_at',
        'created_at',
        'email',
        'id',
        'is_active',
        'is_super_user',
        'location_address',
        'location_city',
        'location_country',
        'location_province',
        'name',
        'password_hash',
        'payment_details',
        'phone',
        'picture_url',
        'suspended_at',
        'rating_count',
        'rating_sum',
        'email_notifications',
        // «Recordarme también 1 hora antes» (migration 0025).
        'reminder_hour_before',
        'updated_at',
      ].sort(),
    );
    expect(columns.qualifications).toEqual(
      ['comment', 'created_at', 'from_user_id', 'id', 'rating', 'to_user_id', 'updated_at'].sort(),
    );
    expect(columns.notifications).toEqual(
      [
        'created_at',
        'dedupe_key',
        'from_user_id',
        'id',
        'kind',
        'link',
        'message',
        'read_at',
        'title',
        'user_id',
      ].sort(),
    );
    expect(columns.sessions).toEqual(['created_at', 'expires_at', 'token_hash', 'user_id']);
    expect(columns.user_tokens).toEqual(['created_at', 'expires_at', 'purpose', 'token_hash', 'user_id']);
    expect(columns.publication_files).toEqual(['position', 'publication_id', 'url']);
    expect(columns.uploads).toEqual(['created_at', 'key', 'url', 'user_id']);
    expect(columns.attempt_counters).toEqual(['count', 'key', 'window_ends_at']);
    // Saved publications (migration 0022).
    expect(columns.favorites).toEqual(['created_at', 'publication_id', 'user_id']);
    // «Me interesa» and the job queue (migration 0025).
    expect(columns.interests).toEqual(['created_at', 'publication_id', 'user_id']);
    expect(columns.jobs).toEqual(
      [
        'attempts',
        'claim',
        'created_at',
        'failed_at',
        'id',
        'kind',
        'last_error',
        'payload',
        'run_at',
        'subject',
      ].sort(),
    );
    expect(columns.publications).toEqual(
      [
        'calendared_at',
        // The end of an event or course, and the calendar file's SEQUENCE (migration 0020).
        'calendared_until',
        'captcha_verified',
        'created_at',
        'created_by',
        'description',
        'description_stems',
        'discount_rate',
        'id',
        // How many members marked «Me interesa» (migration 0025).
        'interested_count',
        'labels',
        'labels_stems',
        'location_address',
        'location_city',
        'location_country',
        'location_province',
        'location_url',
        // The point, exact and as others see it, the show-exact choice and opening hours (migration 0024).
        'location_lat',
        'location_lng',
        'public_lat',
        'public_lng',
        'location_exact',
        'opening_hours',
        // The open stretches as a multirange of minutes (migration 0044).
        'open_minutes',
        'price',
        'quantity',
        'review_note',
        'revision',
        'status',
        'title',
        'title_stems',
        'typed',
        'updated_at',
        // PostgreSQL's full-text search column (migration 0003) and the lists' order (0015); SQLite keeps both in
        // the slim rows and the full-text index.
        ...(subject.database.dialect === 'postgres' ? ['search_vector', 'seq'] : []),
      ].sort(),
    );
  });

  it('enforces unique e-mails and cascades the deletion of a user to its publications and images', async () => {
    subject = await createTestDatabase();
    const { db } = subject.database;
    const now = new Date().toISOString();
    const user = {
      id: 'u1',
      email: 'ana@example.com',
      name: 'Ana',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('users').values(user).execute();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, id: 'u2' })
        .execute(),
    ).rejects.toThrow();

    await db
      .insertInto('publications')
      .values({
        id: 'p1',
        typed: 'tips',
        title: 'Título',
        description: 'Descripción',
        ...searchStemsOf({ title: 'Título', description: 'Descripción', labels: '[]' }),
        created_by: 'u1',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('publication_files')
      .values({ publication_id: 'p1', position: 0, url: '/media/a.webp' })
      .execute();
    const stored = await db.selectFrom('publications').select(['labels', 'status']).executeTakeFirstOrThrow();
    expect(stored).toEqual({ labels: '[]', status: 0 });

    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('publications').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('publication_files').selectAll().execute()).toEqual([]);
  });
});

describe('migration 0002-accounts', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('counts the accounts that existed before it as activated, and cascades a user deletion to its tokens', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0001-foundation')).error).toBeUndefined();
    const created = '2025-05-01T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, is_active, created_at, updated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', 1, ${created}, ${created}),
             ('u2', 'off@example.com', 'Off', 'x', 0, ${created}, ${created})`.execute(db);

    const { error, results } = await migrator.migrateTo('0002-accounts');
    expect(error).toBeUndefined();
    expect(results?.map((result) => result.migrationName)).toEqual(['0002-accounts']);
    const users = await db.selectFrom('users').select(['id', 'activated_at']).orderBy('id').execute();
    expect(users).toEqual([
      { id: 'u1', activated_at: created },
      { id: 'u2', activated_at: null },
    ]);

    await db
      .insertInto('user_tokens')
      .values({ token_hash: 'h', user_id: 'u1', purpose: 'reset', expires_at: created, created_at: created })
      .execute();
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('user_tokens').selectAll().execute()).toEqual([]);
  });
});

describe('migration 0004-community', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('gives existing members no ratings and e-mails on, keeps one rating per pair, and goes down cleanly', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0003-publication-search')).error).toBeUndefined();
    const now = '2025-05-01T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, created_at, updated_at, activated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', ${now}, ${now}, ${now}),
             ('u2', 'bea@example.com', 'Bea', 'x', ${now}, ${now}, ${now})`.execute(db);

    expect((await migrator.migrateTo('0004-community')).error).toBeUndefined();
    const users = await db
      .selectFrom('users')
      .select(['id', 'rating_count', 'rating_sum', 'email_notifications'])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { id: 'u1', rating_count: 0, rating_sum: 0, email_notifications: 1 },
      { id: 'u2', rating_count: 0, rating_sum: 0, email_notifications: 1 },
    ]);

    const rating = {
      from_user_id: 'u1',
      to_user_id: 'u2',
      rating: 5,
      comment: null,
      created_at: now,
      updated_at: now,
    };
    await db
      .insertInto('qualifications')
      .values({ ...rating, id: 'q1' })
      .execute();
    await expect(
      db
        .insertInto('qualifications')
        .values({ ...rating, id: 'q2' })
        .execute(),
    ).rejects.toThrow();
    const notification = { user_id: 'u2', title: 't', message: 'm', kind: 'info', created_at: now };
    await db
      .insertInto('notifications')
      .values({ ...notification, id: 'n1', dedupe_key: 'k' })
      .execute();
    await expect(
      db
        .insertInto('notifications')
        .values({ ...notification, id: 'n2', dedupe_key: 'k' })
        .execute(),
    ).rejects.toThrow();
    // Without a key, events may repeat.
    await db
      .insertInto('notifications')
      .values({ ...notification, id: 'n3' })
      .execute();
    await db
      .insertInto('notifications')
      .values({ ...notification, id: 'n4' })
      .execute();

    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('qualifications').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo('0003-publication-search')).error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('qualifications');
    expect(tables).not.toContain('notifications');
  });
});

describe('migration 0044-open-minutes', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('writes the open minutes of the recycling points already there, as the writers do, and goes down cleanly', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db, dialect } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0043-opening-boundaries')).error).toBeUndefined();
    const now = '2026-11-30T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, created_at, updated_at, activated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', ${now}, ${now}, ${now})`.execute(db);
    // Weekdays 8:30–12:30 and 14:30–18:30, and Saturday from 22:00 to Sunday 2:00 (across the week's end).
    const hours: OpeningRange[] = [
      { day: 0, opens: '00:00', closes: '02:00' },
      ...([1, 2, 3, 4, 5] as const).flatMap((day) => [
        { day, opens: '08:30', closes: '12:30' },
        { day, opens: '14:30', closes: '18:30' },
      ]),
      { day: 6, opens: '22:00', closes: '24:00' },
    ];
    const texts = { title: 'Punto', description: 'Un punto limpio', labels: '[]' };
    for (const [id, typed, opening] of [
      ['p1', 'dots', JSON.stringify(hours)],
      ['p2', 'tips', null],
    ] as const) {
      await db
        .insertInto('publications')
        .values({
          id,
          typed,
          ...texts,
          ...searchStemsOf(texts),
          opening_hours: opening,
          created_by: 'u1',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const rows = openingRangeRows('p1', hours);
    expect(rows).toHaveLength(12);
    await db.insertInto('publication_opening_ranges').values(rows).execute();

    expect((await migrator.migrateTo('0044-open-minutes')).error).toBeUndefined();
    const stored = await db.selectFrom('publications').select(['id', 'open_minutes']).orderBy('id').execute();
    const written = openMinutesOf(hours);
    if (dialect === 'postgres') {
      // What PostgreSQL makes of the writers' text is what the migration wrote.
      const { rows: canonical } = await sql<{
        minutes: string;
      }>`select ${written}::int4multirange::text as minutes`.execute(db);
      expect(stored).toEqual([
        { id: 'p1', open_minutes: canonical[0]?.minutes },
        { id: 'p2', open_minutes: null },
      ]);
    } else {
      expect(stored).toEqual([
        { id: 'p1', open_minutes: written },
        { id: 'p2', open_minutes: null },
      ]);
    }

    expect((await migrator.migrateTo('0043-opening-boundaries')).error).toBeUndefined();
    const columns = (await db.introspection.getTables())
      .find((table) => table.name === 'publications')
      ?.columns.map((column) => column.name);
    expect(columns).toContain('opening_hours');
    expect(columns).not.toContain('open_minutes');
  });
});

describe('migration 0045-open-minutes-follow-ranges', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('sets the open minutes an older process left behind, then keeps them following, and goes down cleanly', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db, dialect } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0044-open-minutes')).error).toBeUndefined();
    const now = '2026-11-30T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, created_at, updated_at, activated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', ${now}, ${now}, ${now})`.execute(db);
    const texts = { title: 'Punto', description: 'Un punto limpio', labels: '[]' };
    const monday: OpeningRange[] = [{ day: 1, opens: '09:00', closes: '13:00' }];
    const tuesday: OpeningRange[] = [{ day: 2, opens: '10:00', closes: '12:00' }];
    // p1 was given hours by an older process (no column); p2's column still holds hours it no longer has; p3 is right.
    for (const [id, hours, written] of [
      ['p1', monday, null],
      ['p2', tuesday, openMinutesOf(monday)],
      ['p3', monday, openMinutesOf(monday)],
    ] as const) {
      await db
        .insertInto('publications')
        .values({
          id,
          typed: 'dots',
          ...texts,
          ...searchStemsOf(texts),
          opening_hours: JSON.stringify(hours),
          open_minutes: written,
          created_by: 'u1',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db.insertInto('publication_opening_ranges').values(openingRangeRows(id, hours)).execute();
    }
    const stored = async () =>
      (await db.selectFrom('publications').select(['id', 'open_minutes']).orderBy('id').execute()).map(
        (row) => row.open_minutes,
      );
    const canonical = async (hours: OpeningRange[]) =>
      (
        await sql<{
          minutes: string;
        }>`select ${openMinutesOf(hours)}::int4multirange::text as minutes`.execute(db)
      ).rows[0]?.minutes;
    const stale = await stored();

    expect((await migrator.migrateTo('0045-open-minutes-follow-ranges')).error).toBeUndefined();
    if (dialect === 'sqlite') {
      // SQLite reads the stretches themselves: nothing to do.
      expect(await stored()).toEqual(stale);
    } else {
      expect(await stored()).toEqual([
        await canonical(monday),
        await canonical(tuesday),
        await canonical(monday),
      ]);
      // An older process's write from now on: the column follows at commit.
      await db.deleteFrom('publication_opening_ranges').where('publication_id', '=', 'p3').execute();
      expect((await stored())[2]).toBeNull();
    }

    expect((await migrator.migrateTo('0044-open-minutes')).error).toBeUndefined();
    if (dialect === 'postgres') {
      // Without the trigger, the stretches no longer move the column.
      await db.insertInto('publication_opening_ranges').values(openingRangeRows('p3', tuesday)).execute();
      expect((await stored())[2]).toBeNull();
      const { rows } =
        await sql`select 1 from pg_proc where proname = 'publication_open_minutes_follow'`.execute(db);
      expect(rows).toEqual([]);
    }
  });
});

describe('migration 0046-saved-searches-version', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('raises the saved searches version with every write to them and every suspension, and goes down cleanly', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0046-saved-searches-version')).error).toBeUndefined();
    const version = async () =>
      Number(
        (
          await db
            .selectFrom('list_versions')
            .select('version')
            .where('list', '=', 'saved_searches')
            .executeTakeFirst()
        )?.version ?? -1,
      );
    const now = '2026-12-07T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, created_at, updated_at, activated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', ${now}, ${now}, ${now})`.execute(db);
    expect(await version()).toBe(0);
    const search = {
      id: 's1',
      user_id: 'u1',
      name: 'Frascos',
      term: 'frascos',
      labels: '[]',
      alert: 1,
      digest: 1,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('saved_searches').values(search).execute();
    const inserted = await version();
    expect(inserted).toBeGreaterThan(0);
    await db.updateTable('saved_searches').set({ alert: 0 }).where('id', '=', 's1').execute();
    const updated = await version();
    expect(updated).toBeGreaterThan(inserted);
    // A member's other changes leave it; a suspension raises it.
    await db.updateTable('users').set({ name: 'Ana María' }).where('id', '=', 'u1').execute();
    expect(await version()).toBe(updated);
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', 'u1').execute();
    const suspended = await version();
    expect(suspended).toBeGreaterThan(updated);
    await db.deleteFrom('saved_searches').where('id', '=', 's1').execute();
    expect(await version()).toBeGreaterThan(suspended);

    expect((await migrator.migrateTo('0045-open-minutes-follow-ranges')).error).toBeUndefined();
    expect(await version()).toBe(-1);
    // Without its triggers, a write raises nothing and fails on nothing.
    await db.insertInto('saved_searches').values(search).execute();
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', 'u1').execute();
    expect(await version()).toBe(-1);
  });
});

describe('migration 0047-places-by-kind', () => {
  let subject: TestDatabase | undefined;

  afterEach(async () => {
    await subject?.dispose();
    subject = undefined;
  });

  it('gives each point of the R*Tree its category slab, keeps it as publications change, and goes down cleanly', async () => {
    subject = await createTestDatabase({ migrate: false });
    const { db, dialect } = subject.database;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0046-saved-searches-version')).error).toBeUndefined();
    const now = '2026-12-07T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, created_at, updated_at, activated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', ${now}, ${now}, ${now})`.execute(db);
    const publish = async (id: string, typed: string, lat: number | null) => {
      const texts = { title: 'Punto', description: 'Un punto limpio', labels: '[]' };
      await db
        .insertInto('publications')
        .values({
          id,
          typed,
          ...texts,
          ...searchStemsOf(texts),
          public_lat: lat,
          public_lng: lat === null ? null : -58.4,
          created_by: 'u1',
          created_at: now,
          updated_at: now,
        })
        .execute();
    };
    await publish('p1', 'dots', -34.6);
    await publish('p2', 'market', -34.7);
    if (dialect === 'postgres') {
      // PostgreSQL's GiST index is unchanged: nothing to do either way.
      expect((await migrator.migrateTo('0047-places-by-kind')).error).toBeUndefined();
      expect((await migrator.migrateTo('0046-saved-searches-version')).error).toBeUndefined();
      return;
    }
    let kindColumn = 'null';
    const entries = async () =>
      (
        await sql<{ seq: number; id: string; kind: number | null; lat: number }>`
          select r.id as seq, s.id, ${sql.raw(kindColumn)} as kind, r.lat
          from publication_places as r join publication_search_rows as s on s.seq = r.id order by s.id`.execute(
          db,
        )
      ).rows.map(({ id, kind, lat }) => ({ id, kind, lat }));
    expect(await entries()).toEqual([
      { id: 'p1', kind: null, lat: -34.6 },
      { id: 'p2', kind: null, lat: -34.7 },
    ]);

    expect((await migrator.migrateTo('0047-places-by-kind')).error).toBeUndefined();
    kindColumn = 'r.min_kind';
    // Existing points: dots 1000, market 4000 (their slabs end one above).
    expect(await entries()).toEqual([
      { id: 'p1', kind: 1000, lat: -34.6 },
      { id: 'p2', kind: 4000, lat: -34.7 },
    ]);
    const thickness = await sql<{ n: number }>`select count(*) as n from publication_places
      where max_kind = min_kind + 1`.execute(db);
    expect(thickness.rows[0]?.n).toBe(2);
    // New points, moved categories and points, removed publications: the triggers follow.
    await publish('p3', 'events', -34.8);
    await publish('p4', 'barter', null);
    await db.updateTable('publications').set({ typed: 'barter' }).where('id', '=', 'p1').execute();
    await db.updateTable('publications').set({ public_lat: -34.65 }).where('id', '=', 'p2').execute();
    await db
      .updateTable('publications')
      .set({ public_lat: -34.9, public_lng: -58.5 })
      .where('id', '=', 'p4')
      .execute();
    await db.deleteFrom('publications').where('id', '=', 'p3').execute();
    expect(await entries()).toEqual([
      { id: 'p1', kind: 5000, lat: -34.6 },
      { id: 'p2', kind: 4000, lat: -34.65 },
      { id: 'p4', kind: 5000, lat: -34.9 },
    ]);
    // A category's slab holds only its own points.
    const inSlab = await sql<{ id: string }>`select s.id from publication_places as r
      join publication_search_rows as s on s.seq = r.id
      where r.min_kind <= 5000 and r.max_kind >= 5000 and r.min_lat <= 0 and r.max_lat >= -90
      order by s.id`.execute(db);
    expect(inSlab.rows.map((row) => row.id)).toEqual(['p1', 'p4']);

    expect((await migrator.migrateTo('0046-saved-searches-version')).error).toBeUndefined();
    kindColumn = 'null';
    expect(await entries()).toEqual([
      { id: 'p1', kind: null, lat: -34.6 },
      { id: 'p2', kind: null, lat: -34.65 },
      { id: 'p4', kind: null, lat: -34.9 },
    ]);
    // Migration 0024's triggers again.
    await publish('p5', 'dots', -35);
    expect((await entries()).map((entry) => entry.id)).toEqual(['p1', 'p2', 'p4', 'p5']);
  });

  it('codes every category of the catalog as the queries read it (a new one needs a migration that codes it)', async () => {
    subject = await createTestDatabase();
    const { db, dialect } = subject.database;
    for (const typed of CATEGORY_KEYS) expect(kindOf({ typed }), typed).toBeGreaterThan(0);
    if (dialect === 'postgres') return;
    const now = '2026-12-07T10:00:00.000Z';
    await sql`insert into users (id, email, name, password_hash, created_at, updated_at, activated_at)
      values ('u1', 'ana@example.com', 'Ana', 'x', ${now}, ${now}, ${now})`.execute(db);
    const texts = { title: 'Punto', description: 'Un punto limpio', labels: '[]' };
    for (const typed of CATEGORY_KEYS) {
      await db
        .insertInto('publications')
        .values({
          id: typed,
          typed,
          ...texts,
          ...searchStemsOf(texts),
          public_lat: -34.6,
          public_lng: -58.4,
          created_by: 'u1',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const { rows } = await sql<{ id: string; kind: number }>`select s.id, r.min_kind as kind
      from publication_places as r join publication_search_rows as s on s.seq = r.id order by s.id`.execute(
      db,
    );
    expect(rows).toEqual([...CATEGORY_KEYS].sort().map((typed) => ({ id: typed, kind: kindOf({ typed }) })));
  });
});
