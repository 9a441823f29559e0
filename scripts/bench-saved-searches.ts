// Saved searches with alerts (decision 041), measured on PostgreSQL (and SQLite with BENCH_DIALECTS): 100,000 saved
// searches of 20,000 members over generated publications; a publication published; the time until every matching
// owner is notified (the job's matching and saving, as the queue's worker runs it), and what publishing costs with
// and without searches listening (the trigger that queues the job). Removes what it creates.
import { randomUUID } from 'node:crypto';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { DB, Dialect, NewUser } from '../apps/api/src/db/schema.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { searchStemsOf } from '../apps/api/src/modules/publications/search-stems.ts';
import { alertPublication, MATCH_JOB } from '../apps/api/src/modules/searches/alerts.ts';
import { matchPublication } from '../apps/api/src/modules/searches/matcher.ts';
import { createBenchDatabase } from './lib/bench-databases.ts';
import { fillDatabase } from './lib/bench-fill.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test';
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000);
const MEMBERS = SEARCHES / 5;
const PUBLICATIONS = Number(process.env.BENCH_ROWS ?? 20_000);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'postgres').split(',') as Dialect[];
const WRITES = 200;

/** A seeded generator (mulberry32): the same searches every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = [
  ['arg', 'cordoba', 'cba-city'],
  ['arg', 'baires', null],
  ['arg', 'mendoza', null],
  ['col', null, null],
  ['arg', null, null],
] as const;
const TYPES = ['barter', 'market', 'dots', 'events', 'courses'];
const LABELS = ['Vidrios', 'Plásticos', 'Papel/Cartón', 'Aluminio/Hojalata'];

async function vocabulary(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('publications').select('title').limit(2000).execute();
  const words = new Set<string>();
  for (const row of rows)
    for (const word of row.title.toLowerCase().split(/\s+/)) if (word.length >= 4) words.add(word);
  return [...words];
}

async function fillSearches(db: DB, next: () => number): Promise<void> {
  const words = await vocabulary(db);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const now = new Date().toISOString();
  const members: NewUser[] = Array.from({ length: MEMBERS }, (_, index) => ({
    id: randomUUID(),
    email: `buscador${index}@bench.invalid`,
    name: `Buscador ${index}`,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  }));
  for (let start = 0; start < members.length; start += 1000) {
    await db
      .insertInto('users')
      .values(members.slice(start, start + 1000))
      .execute();
  }
  let batch = [];
  for (let index = 0; index < SEARCHES; index++) {
    const place = next() < 0.7 ? pick(PLACES) : [null, null, null];
    const words2 = next() < 0.85 ? [pick(words), ...(next() < 0.4 ? [pick(words)] : [])] : [];
    // One search in twenty has a typo: a letter doubled.
    const term =
      words2.length === 0 ? null : words2.join(' ').replace(/([aeiou])/, next() < 0.05 ? '$1$1' : '$1');
    batch.push({
      id: randomUUID(),
      user_id: members[index % MEMBERS]!.id as string,
      name: term ?? 'Búsqueda',
      term,
      typed: next() < 0.2 || term === null ? pick(TYPES) : null,
      country: place[0],
      province: place[1],
      city: place[2],
      labels: next() < 0.1 ? JSON.stringify([pick(LABELS)]) : '[]',
      alert: 1,
      digest: 1,
      created_at: now,
      updated_at: now,
    });
    if (batch.length === 1000) {
      await db.insertInto('saved_searches').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length > 0) await db.insertInto('saved_searches').values(batch).execute();
}

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
    await fillSearches(db, random(41));
    console.log(
      `${dialect}: ${SEARCHES} saved searches of ${MEMBERS} members in ${Math.round(performance.now() - started)} ms`,
    );
    await db.deleteFrom('jobs').where('kind', '=', MATCH_JOB).execute();
    const after = await publishingTimes(db, author.id);
    await db.deleteFrom('jobs').where('kind', '=', MATCH_JOB).execute();
    console.log(
      `${dialect}: publishing (one insert, ${WRITES} times) p50 ${before.p50.toFixed(2)} → ${after.p50.toFixed(2)} ms, ` +
        `p99 ${before.p99.toFixed(2)} → ${after.p99.toFixed(2)} ms (no search listening → 100,000 listening)`,
    );

    for (const [title, extra] of [
      ['Regalo frascos de vidrio', {}],
      ['Bolsas de tela y botellas', { typed: 'market', labels: ['Plásticos'] }],
    ] as const) {
      const id = await publish(db, author.id, title, extra);
      const t0 = performance.now();
      const matched = await matchPublication(db, dialect, id);
      const matching = performance.now() - t0;
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
