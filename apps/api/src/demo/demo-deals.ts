import { randomUUID } from 'node:crypto';
import { PUBLISHED_STATUS, type OrderStatus } from '@eco/domain';
import type {
  NewContact,
  NewContactItem,
  NewNotification,
  NewOrder,
  NewOrderEvent,
  NewPublication,
} from '../db/schema.ts';
import { orderChangeNotices } from '../modules/deals/order-notifications.ts';
import { statusAfterPayment } from '../modules/deals/payment-change.ts';
import { isPurchasable, maxQuantityOf, orderAmounts } from '../modules/deals/purchase-terms.ts';
import type { MediaStorage } from '../modules/media/storage.ts';
import { notificationRow } from '../modules/notifications/service.ts';
import { thumbnailUrlOf } from '../modules/publications/mapper.ts';
import { demoReadAt } from './demo-community.ts';
import type { DemoContact, DemoDelay, DemoOrder } from './demo-data.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// No demo seller has a Mercado Pago account (seller_accounts): a made-up token would fail at the first real call
// once MERCADOPAGO_* is set, and the settings card should offer to connect one. Their orders read as sales made
// before they disconnected, which the product keeps ("Las ventas ya hechas no cambian"). Each names a marketplace
// account `demo-{seller id}`, which no real one matches (Mercado Pago's ids are numbers): the order page's re-check
// finds no account of that id and answers the stored status without calling Mercado Pago, even once the seller has
// connected a real account, and no webhook (which names a real account) matches them. No preference either: the
// demo never made one.

/** Fictitious Mercado Pago payment numbers, padded with zeros like the demo phones: order 3's second is 1000000302. */
const paymentIdOf = (order: number, attempt: number) => String(1_000_000_000 + order * 100 + attempt);

function delayMs(delay: DemoDelay): number {
  if ('minutes' in delay) return delay.minutes * MINUTE_MS;
  if ('hours' in delay) return delay.hours * HOUR_MS;
  return delay.days * DAY_MS;
}

export type DemoDeals = {
  orders: NewOrder[];
  orderEvents: NewOrderEvent[];
  contacts: NewContact[];
  contactItems: NewContactItem[];
  /** What the order changes told the buyers and sellers, with the texts of the real ones. */
  notifications: NewNotification[];
};

type Member = { id: string; name: string };
/** A demo publication as stored, with its image URLs, cover first. */
export type DemoListing = { row: NewPublication; files: readonly string[] };

/**
 * The orders and cart contacts between demo members. Amounts, statuses and notifications come from the rules of
 * the deals module (what may be bought and for how much, what each payment does to its order, who hears of it), so
 * the demo's history is one the product could have made; a content mistake (buying from oneself, an order before
 * its publication, a payment that changes nothing) stops the load.
 */
export function buildDemoDeals(input: {
  orders: readonly DemoOrder[];
  contacts: readonly DemoContact[];
  members: ReadonlyMap<string, Member>;
  /** By demo publication key. */
  listings: ReadonlyMap<string, DemoListing>;
  storage: MediaStorage;
  /** MARKETPLACE_FEE_PERCENT, as a new order would be charged. */
  feePercent: number;
  now: Date;
}): DemoDeals {
  const { members, listings, storage, now } = input;
  const member = (key: string): Member => {
    const found = members.get(key);
    if (found === undefined) throw new Error(`Demo deal of an unknown member: ${key}`);
    return found;
  };
  const listing = (key: string): DemoListing => {
    const found = listings.get(key);
    if (found === undefined) throw new Error(`Demo deal of an unknown publication: ${key}`);
    return found;
  };
  const ago = (hours: number) => now.getTime() - hours * HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  // As the deals routes copy it: the thumbnail of the cover.
  const imageOf = (files: readonly string[]) =>
    files[0] === undefined ? null : thumbnailUrlOf(storage, files[0]);

  const deals: DemoDeals = { orders: [], orderEvents: [], contacts: [], contactItems: [], notifications: [] };

  input.orders.forEach((demo, index) => {
    const where = `Demo order ${index + 1} (${demo.buyer}, ${demo.publication})`;
    const { row, files } = listing(demo.publication);
    const buyer = member(demo.buyer);
    if (row.created_by === buyer.id) throw new Error(`${where}: the buyer is the seller`);
    const offer = {
      status: row.status ?? 0,
      typed: row.typed,
      price: row.price ?? null,
      discount_rate: row.discount_rate ?? null,
      quantity: row.quantity ?? null,
      location_country: row.location_country ?? null,
    };
    if (!isPurchasable(offer)) throw new Error(`${where} is not of a purchasable publication`);
    if (demo.quantity < 1 || demo.quantity > maxQuantityOf(offer))
      throw new Error(`${where} takes more than is offered`);
    let at = ago(demo.hoursAgo);
    if (at <= Date.parse(row.created_at)) throw new Error(`${where} is older than its publication`);

    const id = randomUUID();
    const { currency, unitPrice, totalAmount, feeAmount } = orderAmounts(
      offer,
      demo.quantity,
      input.feePercent,
    );
    const placed: NewOrder = {
      id,
      buyer_id: buyer.id,
      seller_id: row.created_by,
      publication_id: row.id,
      typed: row.typed,
      title: row.title,
      image_url: imageOf(files),
      quantity: demo.quantity,
      unit_price: unitPrice,
      total_amount: totalAmount,
      fee_amount: feeAmount,
      currency,
      status: 'pending',
      marketplace_user_id: `demo-${row.created_by}`,
      preference_id: null,
      checkout_url: null,
      payment_id: null,
      created_at: iso(at),
      updated_at: iso(at),
    };
    deals.orderEvents.push({ order_id: id, status: 'pending', payment_id: null, created_at: iso(at) });

    // Each payment as applyPayment stores it: the new status, its event, and the notifications of the change.
    let state: { status: OrderStatus; payment_id: string | null } = { status: 'pending', payment_id: null };
    for (const step of demo.payments) {
      at += delayMs(step.after);
      if (at >= now.getTime()) throw new Error(`${where} has a payment after loading`);
      const payment = { id: paymentIdOf(index + 1, step.attempt ?? 1), status: step.status };
      const status = statusAfterPayment(state, payment);
      if (status === undefined) throw new Error(`${where} has a payment that changes nothing`);
      const createdAt = iso(at);
      deals.orderEvents.push({ order_id: id, status, payment_id: payment.id, created_at: createdAt });
      const changed = { ...placed, status, payment_id: payment.id };
      for (const notice of orderChangeNotices(changed, { buyerName: buyer.name }, state.status)) {
        deals.notifications.push({
          ...notificationRow(notice, createdAt),
          read_at: demoReadAt(createdAt, now),
        });
      }
      state = { status, payment_id: payment.id };
    }
    deals.orders.push({ ...placed, ...state, updated_at: iso(at) });
  });

  input.contacts.forEach((demo, index) => {
    const where = `Demo contact ${index + 1} (${demo.buyer ?? 'a guest'}, ${demo.seller})`;
    const seller = member(demo.seller);
    const buyer = demo.buyer === null ? null : member(demo.buyer);
    if (buyer?.id === seller.id) throw new Error(`${where}: the writer is the seller`);
    const sentAt = ago(demo.hoursAgo);
    const id = randomUUID();
    deals.contacts.push({ id, seller_id: seller.id, buyer_id: buyer?.id ?? null, created_at: iso(sentAt) });
    demo.publications.forEach((key, position) => {
      const { row, files } = listing(key);
      // What POST /contacts keeps: only the seller's published publications.
      if (row.created_by !== seller.id || row.status !== PUBLISHED_STATUS)
        throw new Error(`${where}: ${key} is not a published publication of the seller`);
      if (sentAt <= Date.parse(row.created_at)) throw new Error(`${where} is older than ${key}`);
      deals.contactItems.push({
        contact_id: id,
        position,
        publication_id: row.id,
        title: row.title,
        image_url: imageOf(files),
      });
    });
  });
  return deals;
}
