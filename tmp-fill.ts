import { createDatabase } from './apps/api/src/db/database.ts';
import { migrateToLatest } from './apps/api/src/db/migrate.ts';
import { loadConfig } from './apps/api/src/config.ts';
import { fillDatabase } from './scripts/lib/bench-fill.ts';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = createDatabase(config);
await migrateToLatest(database.db);
console.log(await fillDatabase(database.db, database.dialect, { publications: Number(process.env.ROWS ?? 100000), users: 300, seed: 1 }));
await database.close();
