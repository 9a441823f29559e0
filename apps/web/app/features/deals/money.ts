import { LOCALE_BY_CURRENCY, type Currency } from '@eco/domain';

const FORMATS = new Map<Currency, Intl.NumberFormat>();

/** An amount as people of its country read it: '$ 1.700,50' (es-AR) or '$ 46.000' (es-CO). */
export function formatMoney(amount: number, currency: Currency): string {
  let format = FORMATS.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat(LOCALE_BY_CURRENCY[currency], {
      style: 'currency',
      currency,
      minimumFractionDigits: currency === 'COP' ? 0 : 2,
      maximumFractionDigits: currency === 'COP' ? 0 : 2,
    });
    FORMATS.set(currency, format);
  }
  return format.format(amount);
}
