import type { Kysely } from 'kysely';

// The assistant offers upcoming events and courses, soonest first: an index in that order lets both dialects read
// the next few of a category instead of sorting every dated publication of it.

const INDEX = 'publications_status_typed_calendared_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex(INDEX)
    .on('publications')
    .columns(['status', 'typed', 'calendared_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(INDEX).execute();
}
