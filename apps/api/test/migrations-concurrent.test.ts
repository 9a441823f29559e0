import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest, migrationsDone } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { startServer } from './helpers/server-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-app.ts';

// Several server processes starting at once on one fresh PostgreSQL database: each has its own pool, as a process
// does. Kysely 0.29's Migrator takes pg_advisory_lock on one connection, reads which migrations ran, and applies the
// rest in one transaction (src/db/migrate.ts). SQLite serves one process by design (decision 009): nothing to race.

describe.runIf(testDialect === 'postgres')('migrations started by several processes at once', () => {
  let subject: TestDatabase | undefined;
  const handles: DatabaseHandle[] = [];

  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    await subject?.dispose();
    subject = undefined;
  });

  it('run once: one process applies them all, the others find nothing to do', async () => {
    subject = await createTestDatabase({ migrate: false });
    for (let index = 0; index < 5; index += 1) handles.push(createDatabase(subject.config));

    const results = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));

    const names = Object.keys(migrations);
    expect(results.filter((applied) => applied.length > 0)).toEqual([names]);
    expect(results.filter((applied) => applied.length === 0)).toHaveLength(handles.length - 1);
    const { rows } = await sql<{ name: string; times: string }>`
      select name, count(*)::text as times from kysely_migration group by name order by name`.execute(
      subject.database.db,
    );
    expect(rows).toEqual(names.map((name) => ({ name, times: '1' })));
    expect(await migrationsDone(subject.database.db)).toBe(true);
  });

  it('three server processes started at once on an empty database all serve, the schema applied once', async () => {
    subject = await createTestDatabase({ migrate: false });
    const env = { DATA_DIR: subject.config.dataDir, DATABASE_URL: subject.config.databaseUrl ?? '' };
    const servers = await Promise.all([startServer(env), startServer(env), startServer(env)]);
    try {
      for (const server of servers) expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      const applied = servers.filter((server) => /"applied":\["0001/.test(server.output()));
      expect(applied).toHaveLength(1);
      const { rows } = await sql<{
        count: string;
      }>`select count(*)::text as count from kysely_migration`.execute(subject.database.db);
      expect(rows).toEqual([{ count: String(Object.keys(migrations).length) }]);
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
    }
  }, 90_000);

  it('are never half-applied: a failing migration takes the whole batch back', async () => {
    subject = await createTestDatabase({ migrate: false });
    const batch: Record<string, Migration> = {
      '0001-first': {
        up: async (db) =>
          void (await db.schema.createTable('first_table').addColumn('id', 'integer').execute()),
      },
      '0002-broken': {
        up: async (db) => void (await sql`select * from a_table_that_does_not_exist`.execute(db)),
      },
    };
    const migrator = new Migrator({
      db: subject.database.db,
      provider: { getMigrations: async () => batch },
    });

    const { error } = await migrator.migrateToLatest();

    expect(error).toBeDefined();
    const tables = await subject.database.db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('first_table');
    const { rows } = await sql`select name from kysely_migration`.execute(subject.database.db);
    expect(rows).toEqual([]);
  });
});
