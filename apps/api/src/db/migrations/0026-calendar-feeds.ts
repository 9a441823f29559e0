import type { Kysely } from 'kysely';

// Personal calendar feeds (issue 25, decision 037): one secret link per member, `/api/calendar/{secret}.ics`, that a
// calendar app polls without signing in. Only the SHA-256 of the secret is stored (a leaked database gives no
// working link); "Cambiar enlace" replaces the row's hash, so the old link stops answering on every process at once.
// The user's row cascades: deleting an account takes its feed with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
