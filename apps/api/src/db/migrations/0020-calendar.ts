import type { Kysely } from 'kysely';

// "Agregar a mi calendario" (issue 25): an event or course may say when it ends (`calendared_until`, ISO in UTC like
// `calendared_at`), and every saved change raises `revision`, the iCalendar SEQUENCE that tells a calendar app which
// copy of the event is newer (updated_at cannot: two edits in one millisecond, or a clock set back, would tie).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').addColumn('calendared_until', 'text').execute();
  await db.schema
    .alterTable('publications')
    .addColumn('revision', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').dropColumn('revision').execute();
  await db.schema.alterTable('publications').dropColumn('calendared_until').execute();
}
