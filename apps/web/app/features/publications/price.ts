import type { CategoryKey, Publication } from '@eco/domain';

/** Categories whose cards show a price: things for sale and paid courses. */
const PRICED_CATEGORIES: readonly CategoryKey[] = ['market', 'courses'];

/** Categories whose cards show their date: they happen at a given time. */
const DATED_CATEGORIES: readonly CategoryKey[] = ['events', 'courses'];

const MONEY: Readonly<Record<string, { locale: string; currency: string; decimals: boolean }>> = {
  arg: { locale: 'es-AR', currency: 'ARS', decimals: true },
  // Colombian pesos are not written with cents.
  col: { locale: 'es-CO', currency: 'COP', decimals: false },
};
const DEFAULT_MONEY = MONEY.arg!;

export const FREE_TEXT = 'Gratis';

/** One per currency and precision: a new Intl.NumberFormat costs about 60 µs, and lists show a price per card. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in the currency of the country (ARS for Argentina and by default, COP for Colombia), by Intl. */
export function formatMoney(amount: number, countryKey?: string | null): string {
  if (amount === 0) return FREE_TEXT;
  const { locale, currency, decimals } = (countryKey && MONEY[countryKey]) || DEFAULT_MONEY;
  const whole = !decimals || Number.isInteger(amount);
  const key = `${currency}:${whole}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

export type PriceView = {
  /** What it costs now, discount applied ('Gratis' for 0). */
  current: string;
  /** The price before the discount, null without one. */
  original: string | null;
  /** Whole percent off, null without a discount. */
  discountRate: number | null;
};

/** The price to show for a publication; null when it has none. */
export function priceView(
  publication: Pick<Publication, 'price' | 'discountRate' | 'locationCountry'>,
): PriceView | null {
  const { price, discountRate, locationCountry } = publication;
  if (price === null || !Number.isFinite(price) || price < 0) return null;
  const rate = discountRate && discountRate > 0 && price > 0 ? Math.min(discountRate, 100) : null;
  const current = rate === null ? price : Math.round(price * (100 - rate)) / 100;
  return {
    current: formatMoney(current, locationCountry),
    original: rate === null ? null : formatMoney(price, locationCountry),
    discountRate: rate === null ? null : Math.round(rate),
  };
}

/** The price a card shows: only market and course cards carry one. */
export function cardPrice(
  publication: Pick<Publication, 'typed' | 'price' | 'discountRate' | 'locationCountry'>,
): PriceView | null {
  return PRICED_CATEGORIES.includes(publication.typed) ? priceView(publication) : null;
}

/** Whether a card shows the date: events and courses. */
export function showsDate(publication: Pick<Publication, 'typed' | 'calendaredAt'>): boolean {
  return DATED_CATEGORIES.includes(publication.typed) && !!publication.calendaredAt;
}
