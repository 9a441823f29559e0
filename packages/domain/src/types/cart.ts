import type { Publication } from './publication.ts';

/** One seller's group in the contact cart; a publication appears at most once in it. */
export interface CartEntry {
  sellerId: string;
  publications: Publication[];
}

/** The contact cart, held in the browser. */
export type Cart = CartEntry[];
