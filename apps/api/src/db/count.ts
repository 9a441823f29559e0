import type { SelectQueryBuilder } from 'kysely';

/** count(*) is a bigint: pg hands it over as a string, node:sqlite as a number. */
export function toCount(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const count = Number(value);
  if (!Number.isSafeInteger(count)) throw new TypeError(`Not a row count: ${String(value)}`);
  return count;
}

/** Counts the rows a query would return, ignoring its selection and order. */
export async function countRows<D, T extends keyof D, O>(
  query: SelectQueryBuilder<D, T, O>,
): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .$castTo<{ count: string | number }>()
    .executeTakeFirst();
  return toCount(row?.count);
}
