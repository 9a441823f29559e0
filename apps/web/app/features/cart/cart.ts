import type { Publication, Seller } from '@eco/domain';

// The contact cart: publications a visitor wants to ask about, grouped by their author (the seller), kept in the
// browser. Pure functions here; the store that keeps it in localStorage is cart-store.ts.

/** Browser storage key of the cart. */
export const CART_STORAGE_KEY = 'eco.cart';

export type CartSeller = Pick<Seller, '_id' | 'name' | 'pictureUrl' | 'phone'>;
export type CartPublication = Pick<Publication, '_id' | 'title' | 'description' | 'typed'>;

/** One seller's group; a publication appears at most once in the whole cart. */
export type CartGroup = { sellerId: string; seller: CartSeller; publications: CartPublication[] };
export type ContactCart = readonly CartGroup[];

/** What adding needs to know of a publication. */
export type CartCandidate = CartPublication & { createdBy: CartSeller };

export const EMPTY_CART: ContactCart = Object.freeze([]) as ContactCart;

export function cartCount(cart: ContactCart): number {
  return cart.reduce((count, group) => count + group.publications.length, 0);
}

export function isInCart(cart: ContactCart, publicationId: string): boolean {
  return cart.some((group) => group.publications.some((item) => item._id === publicationId));
}

/**
 * The cart with the publication added to its seller's group (created when absent), or null when the publication
 * is already in the cart. The seller's details are refreshed with the publication's.
 */
export function addPublication(cart: ContactCart, candidate: CartCandidate): ContactCart | null {
  if (isInCart(cart, candidate._id)) return null;
  const { _id, title, description, typed, createdBy } = candidate;
  const item: CartPublication = { _id, title, description, typed };
  const seller: CartSeller = {
    _id: createdBy._id,
    name: createdBy.name,
    pictureUrl: createdBy.pictureUrl,
    phone: createdBy.phone,
  };
  if (!cart.some((group) => group.sellerId === seller._id)) {
    return [...cart, { sellerId: seller._id, seller, publications: [item] }];
  }
  return cart.map((group) =>
    group.sellerId === seller._id ? { ...group, seller, publications: [...group.publications, item] } : group,
  );
}

/** The cart without that publication; a seller left without publications leaves the cart. */
export function removePublication(cart: ContactCart, publicationId: string): ContactCart {
  return cart
    .map((group) => ({
      ...group,
      publications: group.publications.filter((item) => item._id !== publicationId),
    }))
    .filter((group) => group.publications.length > 0);
}

/** The cart without the whole group of that seller. */
export function removeSeller(cart: ContactCart, sellerId: string): ContactCart {
  return cart.filter((group) => group.sellerId !== sellerId);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function parseSeller(value: unknown): CartSeller | null {
  if (!isRecord(value) || !isString(value._id) || !isString(value.name)) return null;
  return {
    _id: value._id,
    name: value.name,
    pictureUrl: isNullableString(value.pictureUrl) ? value.pictureUrl : null,
    phone: isNullableString(value.phone) ? value.phone : null,
  };
}

function parsePublication(value: unknown): CartPublication | null {
  if (!isRecord(value) || !isString(value._id) || !isString(value.title)) return null;
  return {
    _id: value._id,
    title: value.title,
    description: isString(value.description) ? value.description : '',
    typed: value.typed as CartPublication['typed'],
  };
}

/**
 * The cart held in a stored text. Storage is written by other versions of the app and by hand: anything malformed
 * is dropped (a broken group, a repeated publication) instead of breaking every page.
 */
export function parseCart(text: string | null): ContactCart {
  if (!text) return EMPTY_CART;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return EMPTY_CART;
  }
  if (!Array.isArray(value)) return EMPTY_CART;
  let cart: ContactCart = EMPTY_CART;
  for (const entry of value) {
    if (!isRecord(entry) || !Array.isArray(entry.publications)) continue;
    const seller = parseSeller(entry.seller);
    if (!seller || (isString(entry.sellerId) && entry.sellerId !== seller._id)) continue;
    for (const item of entry.publications) {
      const publication = parsePublication(item);
      if (publication) cart = addPublication(cart, { ...publication, createdBy: seller }) ?? cart;
    }
  }
  return cart;
}
