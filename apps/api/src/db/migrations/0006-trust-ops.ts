import { sql, type Kysely } from 'kysely';

// Trust and operations:
// - `uploads`: every image POST /media stored, with its owner and time, so that the sweep knows which files
//   nobody took and a profile can accept only its owner's own upload. Uploads that already show on a publication or
//   a profile are recorded here too (their owner is the folder they live in).
// - `attempt_counters`: the attempt limits of the account routes, shared by every server process.

const UPLOAD_URL = /^\/media\/uploads\/([^/]+)\/[^/]+(?<!\.sm)\.webp$/;

/** The uploads publications and profiles show today; the folder of an upload is its owner's id. */
async function recordShownUploads(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ url: string; created_at: string }>`
    select f.url as url, p.created_at as created_at from publication_files f
      join publications p on p.id = f.publication_id
    union all
    select picture_url as url, updated_at as created_at from users where picture_url is not null`.execute(db);
  const users = new Set(
    (await sql<{ id: string }>`select id from users`.execute(db)).rows.map((row) => row.id),
  );
  const uploads = new Map<string, { url: string; key: string; user_id: string; created_at: string }>();
  for (const { url, created_at } of rows) {
    const owner = UPLOAD_URL.exec(url)?.[1];
    if (owner === undefined || !users.has(owner)) continue;
    const known = uploads.get(url);
    if (known === undefined || created_at < known.created_at) {
      uploads.set(url, { url, key: url.slice('/media/'.length), user_id: owner, created_at });
    }
  }
  const values = [...uploads.values()];
  for (let start = 0; start < values.length; start += 200) {
    await db
      .withTables<{ uploads: (typeof values)[number] }>()
      .insertInto('uploads')
      .values(values.slice(start, start + 200))
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('url', 'text', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_id_idx').on('uploads').column('user_id').execute();
  await db.schema.createIndex('uploads_created_at_idx').on('uploads').column('created_at').execute();
  await db.schema.createIndex('users_picture_url_idx').on('users').column('picture_url').execute();

  await recordShownUploads(db);

  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addColumn('window_ends_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_counters_window_ends_at_idx')
    .on('attempt_counters')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_counters').execute();
  await db.schema.dropIndex('users_picture_url_idx').execute();
  await db.schema.dropTable('uploads').execute();
}
