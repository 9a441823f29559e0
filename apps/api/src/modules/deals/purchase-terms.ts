import {
  currencyOfCountry,
  discountedPrice,
  PUBLISHED_STATUS,
  PURCHASABLE_TYPES,
  roundAmount,
  type Currency,
} from '@eco/domain';

// What may be bought online and for how much: the rules of POST /orders, shared with the demo content's orders.

type Offer = {
  status: number;
  typed: string;
  price: number | null;
  discount_rate: number | null;
  quantity: number | null;
  location_country: string | null;
};

/** A published product or course with a price. */
export function isPurchasable(offer: Pick<Offer, 'status' | 'typed' | 'price'>): boolean {
  return (
    offer.status === PUBLISHED_STATUS &&
    (PURCHASABLE_TYPES as readonly string[]).includes(offer.typed) &&
    offer.price !== null &&
    offer.price > 0
  );
}

/** The most units one order may take: what the seller offers, at least one. */
export function maxQuantityOf(offer: Pick<Offer, 'quantity'>): number {
  return Math.max(1, offer.quantity ?? 1);
}

export type OrderAmounts = { currency: Currency; unitPrice: number; totalAmount: number; feeAmount: number };

/**
 * What `quantity` units cost in the currency of the publication's country: the unit price less the discount, the
 * total, and the site's share of it (`feePercent`, MARKETPLACE_FEE_PERCENT).
 */
export function orderAmounts(
  offer: Pick<Offer, 'price' | 'discount_rate' | 'location_country'>,
  quantity: number,
  feePercent: number,
): OrderAmounts {
  const currency = currencyOfCountry(offer.location_country);
  const unitPrice = discountedPrice(offer.price ?? 0, offer.discount_rate, currency);
  const totalAmount = roundAmount(unitPrice * quantity, currency);
  const feeAmount = roundAmount((totalAmount * feePercent) / 100, currency);
  return { currency, unitPrice, totalAmount, feeAmount };
}
