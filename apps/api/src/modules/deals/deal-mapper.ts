import type { DealParty } from '@eco/domain';

export type PageQuery = { page: number; pageSize: number };

export function partyOf(id: string, name: string, pictureUrl: string | null): DealParty {
  return { _id: id, name, pictureUrl };
}

/** A page of a list, shaped like the other lists of the API (`…, total, totalPages, nextPage`). */
export function pageOf<const N extends string, T>(
  name: N,
  items: T[],
  total: number,
  page: number,
  pageSize: number,
): { [K in N]: T[] } & { total: number; totalPages: number; nextPage: number | null } {
  const totalPages = Math.ceil(total / pageSize);
  return {
    [name]: items,
    total,
    totalPages,
    nextPage: page < totalPages ? page + 1 : null,
  } as { [K in N]: T[] } & { total: number; totalPages: number; nextPage: number | null };
}
