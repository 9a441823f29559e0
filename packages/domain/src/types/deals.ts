import type { Currency, OrderStatus } from '../deals.ts';
import type { Page } from './api.ts';

/** A member's connected Mercado Pago account as /me tells it: never the tokens. */
export interface SellerAccount {
  nickname: string | null;
  /** ISO 8601. */
  connectedAt: string;
}

/** The other party of a sale, a purchase or a contact; null for a guest. */
export interface DealParty {
  _id: string;
  name: string;
  pictureUrl: string | null;
}

/** What was bought, as copied when the order was made; `_id` null once the publication is gone. */
export interface DealPublication {
  _id: string | null;
  title: string;
  imageUrl: string | null;
}

export interface Order {
  _id: string;
  publication: DealPublication;
  buyer: DealParty;
  seller: DealParty;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  feeAmount: number;
  currency: Currency;
  status: OrderStatus;
  paymentId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Contact {
  _id: string;
  seller: DealParty;
  /** Null when a guest sent it. */
  buyer: DealParty | null;
  publications: DealPublication[];
  createdAt: string;
}

export type OrderPage = Page<'orders', Order>;
export type ContactPage = Page<'contacts', Contact>;

/** Whether a publication can be bought online now, and at what. */
export interface PurchaseOptions {
  available: boolean;
  unitPrice: number | null;
  currency: Currency;
  /** Most units one order may take (the quantity offered). */
  maxQuantity: number;
}
