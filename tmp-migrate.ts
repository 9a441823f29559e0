import { createDatabase } from './apps/api/src/db/database.ts';
import { migrateToLatest } from './apps/api/src/db/migrate.ts';
import { loadConfig } from './apps/api/src/config.ts';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = createDatabase(config);
const t = performance.now();
await migrateToLatest(database.db);
console.log('migrated in', Math.round(performance.now() - t), 'ms');
await database.close();
