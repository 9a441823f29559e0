import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import { described, logPublicationsAs } from './0016-list-changes.ts';

// The change log (migration 0016) also carries the publication's point everyone sees (`public_lat`, `public_lng`,
// migration 0024: what the map and the lists' `bbox` read), as `lat` and `lng`, null when it has none. Before, a
// remembered map answer or a list of an area was dropped on any write passing its other filters, anywhere in the two
// countries; now a write outside the area keeps it (list-dependencies.ts). Changes logged before this migration
// carry no point: unknown, so they alter every area. Everything else is logged as before.
//
// PostgreSQL prints a double in JSON exactly (the shortest text that reads back as the same double) only while
// `extra_float_digits` is above 0 (the default is 1): the logging functions set it for themselves, so a session
// that lowers it cannot round a point across an area's edge. SQLite's JSON prints doubles exactly.

/** The publication `row` as migration 0016 describes it, with its public point. */
function describedWithPoint(row: string, sqlite: boolean): string {
  const withoutPoint = described(row, sqlite);
  // described() is one json_object(…)/json_build_object(…) call: the point is two more of its pairs.
  return `${withoutPoint.slice(0, -1)}, 'lat', ${row}.public_lat, 'lng', ${row}.public_lng)`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await logPublicationsAs(db, sqlite, describedWithPoint, 'set extra_float_digits = 1');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = dialectOf(db) === 'sqlite';
  await logPublicationsAs(db, sqlite, described);
}
