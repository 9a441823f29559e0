import type { Kysely } from 'kysely';

// An open=now answer holds while the minute of the week stays between the same two boundaries of the open stretches
// (an opening or a closing minute of any recycling point): it is kept for that interval, not for one minute (decision
// 062). Finding the boundaries on either side of a minute is then four index probes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('publication_opening_ranges_opens_idx')
    .on('publication_opening_ranges')
    .column('opens_at')
    .execute();
  await db.schema
    .createIndex('publication_opening_ranges_closes_idx')
    .on('publication_opening_ranges')
    .column('closes_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publication_opening_ranges_closes_idx').execute();
  await db.schema.dropIndex('publication_opening_ranges_opens_idx').execute();
}
