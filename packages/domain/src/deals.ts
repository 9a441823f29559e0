// Rules of buying online shared by the web and the API: the currency of each country, the price a buyer pays, and
// the order statuses with their Spanish names.

export const CURRENCY_BY_COUNTRY = { arg: 'ARS', col: 'COP' } as const;
export type Currency = (typeof CURRENCY_BY_COUNTRY)[keyof typeof CURRENCY_BY_COUNTRY];

/** Formats amounts as people of that country read them. */
export const LOCALE_BY_CURRENCY: Readonly<Record<Currency, string>> = { ARS: 'es-AR', COP: 'es-CO' };
/** Mercado Pago takes pesos colombianos without cents. */
const DECIMALS: Readonly<Record<Currency, number>> = { ARS: 2, COP: 0 };

/** Categories that can be bought online: products and services, and courses. */
export const PURCHASABLE_TYPES = ['market', 'courses'] as const;

export function currencyOfCountry(country: string | null | undefined): Currency {
  return country === 'col' ? 'COP' : 'ARS';
}

export function roundAmount(amount: number, currency: Currency): number {
  const factor = 10 ** DECIMALS[currency];
  return Math.round(amount * factor) / factor;
}

/** The unit price a buyer pays: the price less the discount, rounded to the currency's cents. */
export function discountedPrice(price: number, discountRate: number | null, currency: Currency): number {
  return roundAmount(price * (1 - (discountRate ?? 0) / 100), currency);
}

export const ORDER_STATUSES = [
  'pending',
  'in_process',
  'approved',
  'rejected',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pendiente',
  in_process: 'En proceso',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  refunded: 'Devuelto',
};

/** A Mercado Pago payment status as an order status (authorized and in mediation still wait; a chargeback refunds). */
export function orderStatusOfPayment(status: string): OrderStatus {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'authorized':
    case 'in_process':
    case 'in_mediation':
      return 'in_process';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    default:
      return 'pending';
  }
}
