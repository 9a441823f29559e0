// Saved searches with alerts (decision 041), measured on PostgreSQL (and SQLite with BENCH_DIALECTS): 100,000 saved
// searches of 20,000 members over generated publications; a publication published; the time until every matching
// owner is notified (the job's matching and saving, as the queue's worker runs it), and what publishing costs with
// and without searches listening (the trigger that queues the job). BENCH_AREAS (0.15 by default) of the searches
// have a map area around Córdoba, Buenos Aires or Mendoza; the publications are at a point in Córdoba. Removes what
// it creates. Each publication is also matched by explore's list query (the reference): the same searches must match.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { DB, Dialect } from '../apps/api/src/db/schema.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { searchStemsOf } from '../apps/api/src/modules/publications/search-stems.ts';
import { alertPublication, MATCH_JOB } from '../apps/api/src/modules/searches/alerts.ts';
import { matchPublication } from '../apps/api/src/modules/searches/matcher.ts';
import { createBenchDatabase } from './lib/bench-databases.ts';
import { fillDatabase } from './lib/bench-fill.ts';
import { fillSavedSearches, searchMembersOf } from './lib/bench-searches.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000);
const MEMBERS = searchMembersOf(SEARCHES);
const PUBLICATIONS = Number(process.env.BENCH_ROWS ?? 20_000);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'postgres').split(',') as Dialect[];
const WRITES = 200;
/** The share of searches saved with a map area ("Buscar en esta zona"). */
const AREAS = Number(process.env.BENCH_AREAS ?? 0.15);
/** Where the publications published by the bench are (everyone sees this point). */
const PUBLISHED_AT = { lat: -31.4135, lng: -64.1811 };

async function publish(
  db: DB,
  authorId: string,
  title: string,
  extra: { typed?: string; labels?: readonly string[] } = {},
) {
  const id = randomUUID();
  const now = new Date().toISOString();
  const labels = JSON.stringify(extra.labels ?? ['Vidrios']);
  const description = 'Los regalo a quien los necesite, retirar por casa.';
  await db
    .insertInto('publications')
    .values({
      id,
      typed: extra.typed ?? 'barter',
      title,
      description,
      labels,
      ...searchStemsOf({ title, description, labels }),
      location_country: 'arg',
      location_province: 'cordoba',
      location_city: 'cba-city',
      location_lat: PUBLISHED_AT.lat,
      location_lng: PUBLISHED_AT.lng,
      public_lat: PUBLISHED_AT.lat,
      public_lng: PUBLISHED_AT.lng,
      status: 1,
      created_by: authorId,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  return id;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function publishingTimes(db: DB, authorId: string): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let index = 0; index < WRITES; index++) {
    const started = performance.now();
    await publish(db, authorId, `Frascos de prueba ${index}`);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function run(dialect: Dialect): Promise<void> {
  const bench = await createBenchDatabase(dialect, ADMIN_URL);
  const database = createDatabase(loadConfig({ ...bench.env, LOG_LEVEL: 'silent', DEMO_CONTENT: 'off' }));
  try {
    const { db } = database;
    await migrateToLatest(db);
    let started = performance.now();
    await fillDatabase(db, dialect, { publications: PUBLICATIONS, users: 500, seed: 41 });
    const author = await db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
    console.log(`${dialect}: ${PUBLICATIONS} publications in ${Math.round(performance.now() - started)} ms`);

    // Publishing while no search listens: the trigger only asks whether one does.
    const before = await publishingTimes(db, author.id);
    started = performance.now();
    await fillSavedSearches(db, { searches: SEARCHES, seed: 41, areas: AREAS });
    // The statistics autovacuum would gather after such a fill: without them PostgreSQL plans the matcher's read of
    // the candidates as if a handful of searches listened (nested loops over 40,000 rows).
    await sql`analyze`.execute(db);
    console.log(
      `${dialect}: ${SEARCHES} saved searches of ${MEMBERS} members (${Math.round(AREAS * 100)} % with a map area) ` +
        `in ${Math.round(performance.now() - started)} ms`,
    );
    await db.deleteFrom('jobs').where('kind', '=', MATCH_JOB).execute();
    const after = await publishingTimes(db, author.id);
    await db.deleteFrom('jobs').where('kind', '=', MATCH_JOB).execute();
    console.log(
      `${dialect}: publishing (one insert, ${WRITES} times) p50 ${before.p50.toFixed(2)} → ${after.p50.toFixed(2)} ms, ` +
        `p99 ${before.p99.toFixed(2)} → ${after.p99.toFixed(2)} ms (no search listening → ${SEARCHES.toLocaleString('en')} listening)`,
    );

    for (const [title, extra] of [
      ['Regalo frascos de vidrio', {}],
      ['Bolsas de tela y botellas', { typed: 'market', labels: ['Plásticos'] }],
    ] as const) {
      const id = await publish(db, author.id, title, extra);
      const t0 = performance.now();
      const matched = await matchPublication(db, dialect, id);
      const matching = performance.now() - t0;
      // The reference: explore's list query asked for every distinct criteria (the matcher before it decided in
      // memory); both must match the very same searches.
      const t2 = performance.now();
      const listed = await matchPublication(db, dialect, id, { byListQuery: true });
      const reference = performance.now() - t2;
      const inMemory = new Set(matched?.matches.map((match) => match.searchId));
      const byList = new Set(listed?.matches.map((match) => match.searchId));
      const differ =
        [...inMemory].filter((search) => !byList.has(search)).length +
        [...byList].filter((search) => !inMemory.has(search)).length;
      console.log(
        `${dialect}: «${title}» explore's list query per criteria matched ${byList.size} searches in ` +
          `${Math.round(reference)} ms; ${differ === 0 ? 'the same searches' : `${differ} searches differ`}`,
      );
      if (differ !== 0) process.exitCode = 1;
      await db.deleteFrom('saved_search_hits').where('publication_id', '=', id).execute();
      const t1 = performance.now();
      const notified = await alertPublication(db, dialect, id);
      const total = performance.now() - t1;
      const notifications = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('link', '=', `/publications/${id}`)
        .executeTakeFirstOrThrow();
      console.log(
        `${dialect}: «${title}» matched ${matched?.matches.length} searches of ${notified} members ` +
          `(${Number(notifications.n)} notifications) — matching alone ${Math.round(matching)} ms, ` +
          `matching and notifying every owner ${Math.round(total)} ms`,
      );
    }
  } finally {
    await database.close();
    await bench.drop();
  }
}

for (const dialect of DIALECTS) await run(dialect);
