// The query plans of the publication list: for one request of each kind of the benchmark mix, every SQL statement
// the list runs (with nothing remembered: the counts and the corrections included), with EXPLAIN QUERY PLAN on
// SQLite and EXPLAIN ANALYZE on PostgreSQL, and the time each took. Reads the database the app would use
// (DATA_DIR / DATABASE_URL), e.g. one filled by the benchmark's fill:
//   DATA_DIR=/tmp/bench-data node scripts/explain-list.ts
import { normalizeSearchTerms } from '@eco/domain';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/schema.ts';
import { createSqliteDialect } from '../apps/api/src/db/sqlite-dialect.ts';
import { createListMemory, listPublications } from '../apps/api/src/modules/publications/list-repository.ts';
import { listQuerySchema } from '../apps/api/src/modules/publications/schemas.ts';
import { MIX_SEED } from './lib/bench-cases.ts';
import { createListMix, LIST_KINDS } from './lib/bench-mix.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const dialect = config.databaseUrl === undefined ? 'sqlite' : 'postgres';
const captured: CompiledQuery[] = [];
const log = (event: { level: string; query: CompiledQuery }) => {
  if (event.level === 'query') captured.push(event.query);
};
const db =
  dialect === 'sqlite'
    ? new Kysely<Database>({
        dialect: createSqliteDialect(`${config.dataDir}/ecoanuncios.sqlite`).dialect,
        log,
      })
    : new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl }) }),
        log,
      });

/** The query string of a mix path as the route would parse it. */
function queryOf(path: string) {
  const params = new URL(path, 'http://localhost').searchParams;
  const raw: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    const previous = raw[name];
    raw[name] = previous === undefined ? value : [...[previous].flat(), value];
  }
  return listQuerySchema.parse(raw);
}

const mix = createListMix(MIX_SEED);
const examples = LIST_KINDS.flatMap((kind) => mix.requests.find((request) => request.kind === kind) ?? []);
for (const example of examples) {
  const query = queryOf(example.path);
  captured.length = 0;
  const started = performance.now();
  const result = await listPublications(
    db,
    dialect,
    {
      status: 'published',
      typed: query.typed,
      country: query.country ?? undefined,
      province: query.province ?? undefined,
      city: query.city ?? undefined,
      labels: query.labels,
      words: normalizeSearchTerms(query.term ?? ''),
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    },
    createListMemory(),
  );
  const ms = (performance.now() - started).toFixed(1);
  console.info(
    `\n## ${example.kind}: ${example.path} (total ${result.total}, ${ms} ms with nothing remembered)`,
  );
  for (const statement of [...captured]) {
    console.info(`\n${statement.sql}\n  -- ${JSON.stringify(statement.parameters)}`);
    const explain = dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off) ';
    const plan = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`${explain}${statement.sql}`, [...statement.parameters]),
    );
    for (const row of plan.rows) console.info(`  ${String(row.detail ?? row['QUERY PLAN'])}`);
  }
}
await sql`select 1`.execute(db);
await db.destroy();
