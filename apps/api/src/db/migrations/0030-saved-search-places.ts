import { sql, type Kysely } from 'kysely';

// Saved searches keep explore's place criteria (issue 26 after the places issue, decision 041): the map area
// (`bbox=`, four coordinates: only what lies inside, as on explore, so the alerts match on it), the point of "Cerca de
// mí" (`near=`: it orders and filters nothing, kept so that opening the search runs it) and `open=now` (a moment:
// kept for opening the search, ignored by the alerts).

const COLUMNS = ['bbox_min_lng', 'bbox_min_lat', 'bbox_max_lng', 'bbox_max_lat', 'near_lat', 'near_lng'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema
      .alterTable('saved_searches')
      .addColumn(column, sql`double precision`)
      .execute();
  }
  await db.schema
    .alterTable('saved_searches')
    .addColumn('open_now', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS, 'open_now']) {
    await db.schema.alterTable('saved_searches').dropColumn(column).execute();
  }
}
