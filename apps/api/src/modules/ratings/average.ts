import type { SellerRating } from '@eco/domain';

/** The average of `count` ratings whose stars add up to `sum`, rounded to one decimal; null without ratings. */
export function averageOf(count: number, sum: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** What cards and the publication detail show of an author, from the user row's totals. */
export function sellerRatingOf(row: { rating_count: number; rating_sum: number }): SellerRating {
  return { qualificationAvg: averageOf(row.rating_count, row.rating_sum), count: row.rating_count };
}
