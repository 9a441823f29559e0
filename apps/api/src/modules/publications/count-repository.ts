import { sql } from 'kysely';
import { toCount } from '../../db/count.ts';
import type { DB } from '../../db/schema.ts';
import { hasDateCriteria } from './date-criteria.ts';
import type { ListCriteria } from './list-repository.ts';

// The total of a public list without a text search, from publication_counts (migration 0014) rather than by
// counting the matching publications: a sum over a few hundred groups at most, at any number of publications.

/**
 * The bit of each material label (material_label_bits, written by migrations only), read once per process: a label
 * added to the catalog comes with a migration and a new version of the server.
 */
const bitsOfLabels = new WeakMap<DB, Promise<Map<string, number>>>();

export function labelBits(db: DB): Promise<Map<string, number>> {
  let bits = bitsOfLabels.get(db);
  if (bits === undefined) {
    bits = db
      .selectFrom('material_label_bits')
      .select(['name', 'bit'])
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.name, row.bit])));
    bitsOfLabels.set(db, bits);
    // A failed read is tried again by the next request.
    bits.catch(() => bitsOfLabels.delete(db));
  }
  return bits;
}

/**
 * The number of publications the public sees that match the criteria, or undefined when the groups cannot tell
 * (a text search, an author, dates, other statuses, a label the table does not know): those are counted.
 */
export async function countFromGroups(db: DB, criteria: ListCriteria): Promise<number | undefined> {
  if (
    criteria.status !== 'published' ||
    criteria.words.length > 0 ||
    criteria.authorId !== undefined ||
    hasDateCriteria(criteria)
  ) {
    return undefined;
  }
  const labels = criteria.labels ?? [];
  let mask: number | undefined;
  if (labels.length > 0) {
    const bits = await labelBits(db);
    mask = 0;
    for (const label of labels) {
      const bit = bits.get(label);
      if (bit === undefined) return undefined;
      mask |= bit;
    }
  }
  const row = await db
    .selectFrom('publication_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('n'), sql<number>`0`).as('total'))
    .$if(criteria.typed !== undefined, (query) => query.where('typed', '=', criteria.typed ?? ''))
    .$if(criteria.country !== undefined, (query) =>
      query.where('location_country', '=', criteria.country ?? ''),
    )
    .$if(criteria.province !== undefined, (query) =>
      query.where('location_province', '=', criteria.province ?? ''),
    )
    .$if(criteria.city !== undefined, (query) => query.where('location_city', '=', criteria.city ?? ''))
    .$if(mask !== undefined, (query) => query.where(sql<boolean>`(label_mask & ${mask ?? 0}) <> 0`))
    .executeTakeFirst();
  return toCount(row?.total);
}
