import { sql } from 'kysely';
import { toCount } from '../../db/count.ts';
import type { DB } from '../../db/schema.ts';
import type { ListCriteria } from './list-repository.ts';

// The total of a public list without a text search, from publication_counts (migration 0014) rather than by
// counting the matching publications: a sum over a few hundred groups at most, at any number of publications.

/**
 * The number of publications the public sees that match the criteria, or undefined when the groups cannot tell
 * (a text search, an author, dates, other statuses, a label the table does not know): those are counted.
 */
export async function countFromGroups(db: DB, criteria: ListCriteria): Promise<number | undefined> {
  if (
    criteria.status !== 'published' ||
    criteria.words.length > 0 ||
    criteria.authorId !== undefined ||
    criteria.startsFrom !== undefined ||
    criteria.startsBefore !== undefined
  ) {
    return undefined;
  }
  const labels = criteria.labels ?? [];
  let mask: number | undefined;
  if (labels.length > 0) {
    const bits = await db
      .selectFrom('material_label_bits')
      .select('bit')
      .where('name', 'in', labels)
      .execute();
    if (bits.length !== labels.length) return undefined;
    mask = bits.reduce((sum, { bit }) => sum | bit, 0);
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
