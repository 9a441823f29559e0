import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  currencyOfCountry,
  discountedPrice,
  PUBLISHED_STATUS,
  type Currency,
  type Order,
  type PurchaseOptions,
  type User,
} from '@eco/domain';
import type { DB, OrderRow } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { thumbnailUrlOf } from '../publications/mapper.ts';
import { publicationReadsOf } from '../publications/publication-reads.ts';
import { findFileUrls, findPublication, type PublicationWithAuthor } from '../publications/repository.ts';
import { pageOf, partyOf, type PageQuery } from './deal-mapper.ts';
import type { Payment } from './mercadopago-client.ts';
import { notifyOrderChange } from './order-notifications.ts';
import { statusAfterPayment } from './payment-change.ts';
import { isPurchasable, maxQuantityOf, orderAmounts } from './purchase-terms.ts';
import {
  MERCADOPAGO_UNAVAILABLE_MESSAGE,
  NOT_PURCHASABLE_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  OWN_PUBLICATION_MESSAGE,
  PUBLICATION_NOT_FOUND_MESSAGE,
  QUANTITY_MESSAGE,
  SELLER_NOT_CONNECTED_MESSAGE,
} from './messages.ts';
import { mercadoPagoFailure, SellerDisconnectedError, type SellerAccounts } from './seller-accounts.ts';

export type OrdersDeps = {
  db: DB;
  accounts: SellerAccounts;
  storage: MediaStorage;
  publicUrl: string;
  log: FastifyBaseLogger;
};

type OrderWithParties = OrderRow & {
  buyer_name: string;
  buyer_picture_url: string | null;
  seller_name: string;
  seller_picture_url: string | null;
};

function toOrder(row: OrderWithParties): Order {
  return {
    _id: row.id,
    publication: { _id: row.publication_id, title: row.title, imageUrl: row.image_url },
    buyer: partyOf(row.buyer_id, row.buyer_name, row.buyer_picture_url),
    seller: partyOf(row.seller_id, row.seller_name, row.seller_picture_url),
    quantity: row.quantity,
    unitPrice: row.unit_price,
    totalAmount: row.total_amount,
    feeAmount: row.fee_amount,
    currency: row.currency as Currency,
    status: row.status,
    paymentId: row.payment_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createOrders({ db, accounts, storage, publicUrl, log }: OrdersDeps) {
  function selectOrders() {
    return db
      .selectFrom('orders as o')
      .innerJoin('users as b', 'b.id', 'o.buyer_id')
      .innerJoin('users as s', 's.id', 'o.seller_id')
      .selectAll('o')
      .select([
        'b.name as buyer_name',
        'b.picture_url as buyer_picture_url',
        's.name as seller_name',
        's.picture_url as seller_picture_url',
      ]);
  }

  async function findOrder(id: string): Promise<Order | undefined> {
    const row = await selectOrders().where('o.id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toOrder(row);
  }

  /** The order a user may see: its buyer, its seller or a super user; 404 for everybody else. */
  async function visibleOrder(user: User, id: string): Promise<Order> {
    const order = await findOrder(id);
    const allowed =
      order !== undefined &&
      (order.buyer._id === user._id || order.seller._id === user._id || user.isSuperUser);
    if (!allowed) throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE);
    return order;
  }

  /**
   * Stores what a payment says about its order. Idempotent: the same payment in the same state changes nothing;
   * an approved order is not pulled back by another (failed) attempt of the buyer.
   */
  async function applyPayment(orderId: string, payment: Payment): Promise<Order | undefined> {
    const change = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      if (row === undefined) return undefined;
      const status = statusAfterPayment(row, payment);
      if (status === undefined) return undefined;
      const now = new Date().toISOString();
      // Conditional on what was read, so a concurrent process applying the same change writes it only once.
      const result = await trx
        .updateTable('orders')
        .set({ status, payment_id: payment.id, updated_at: now })
        .where('id', '=', orderId)
        .where('status', '=', row.status)
        .where((eb) =>
          row.payment_id === null ? eb('payment_id', 'is', null) : eb('payment_id', '=', row.payment_id),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      await trx
        .insertInto('order_events')
        .values({ order_id: orderId, status, payment_id: payment.id, created_at: now })
        .execute();
      const buyer = await trx
        .selectFrom('users')
        .select('name')
        .where('id', '=', row.buyer_id)
        .executeTakeFirst();
      await notifyOrderChange(
        trx,
        { ...row, status, payment_id: payment.id },
        { buyerName: buyer?.name ?? 'Alguien' },
        row.status,
      );
      return { status };
    });
    if (change !== undefined)
      log.info({ orderId, status: change.status, paymentId: payment.id }, 'Order status changed');
    return findOrder(orderId);
  }

  /** A publication that may be bought from: 404 unless it exists and is published. */
  function published(row: PublicationWithAuthor | undefined): PublicationWithAuthor {
    if (row === undefined || row.status !== PUBLISHED_STATUS) {
      throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    }
    return row;
  }

  return {
    findOrder,
    visibleOrder,

    /** The Mercado Pago seller whose token made the order's preference. */
    async sellerAccountIdOf(orderId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('marketplace_user_id')
        .where('id', '=', orderId)
        .executeTakeFirst();
      return row?.marketplace_user_id;
    },
    applyPayment,

    /** GET /publication/{id}/purchase: whether the buy button is offered, at what price. */
    async purchaseOptions(publicationId: string): Promise<PurchaseOptions> {
      // Asked on every visit of a publication's page: read through the remembered rows, exact after every write.
      const row = published((await publicationReadsOf(db).read(publicationId))?.row);
      const currency = currencyOfCountry(row.location_country);
      const available = isPurchasable(row) && (await accounts.isConnected(row.created_by));
      return {
        available,
        unitPrice: row.price === null ? null : discountedPrice(row.price, row.discount_rate, currency),
        currency,
        maxQuantity: maxQuantityOf(row),
      };
    },

    /** POST /orders: a pending order and its Checkout Pro preference, made with the seller's token. */
    async create(buyer: User, body: { publicationId: string; quantity: number }) {
      const publication = published(await findPublication(db, body.publicationId));
      if (publication.created_by === buyer._id) throw new HttpError(400, OWN_PUBLICATION_MESSAGE);
      if (!isPurchasable(publication)) throw new HttpError(400, NOT_PURCHASABLE_MESSAGE);
      const maxQuantity = maxQuantityOf(publication);
      if (body.quantity > maxQuantity) throw new HttpError(400, QUANTITY_MESSAGE(maxQuantity));
      const account = await accounts.findAccount(publication.created_by);
      if (account === undefined) throw new HttpError(409, SELLER_NOT_CONNECTED_MESSAGE);
      const { feePercent } = accounts.payments().config;

      const { currency, unitPrice, totalAmount, feeAmount } = orderAmounts(
        publication,
        body.quantity,
        feePercent,
      );
      const files = (await findFileUrls(db, [publication.id])).get(publication.id) ?? [];
      const image = files[0] === undefined ? null : thumbnailUrlOf(storage, files[0]);
      const id = randomUUID();
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('orders')
          .values({
            id,
            buyer_id: buyer._id,
            seller_id: publication.created_by,
            publication_id: publication.id,
            typed: publication.typed,
            title: publication.title,
            image_url: image,
            quantity: body.quantity,
            unit_price: unitPrice,
            total_amount: totalAmount,
            fee_amount: feeAmount,
            currency,
            status: 'pending',
            marketplace_user_id: account.marketplace_user_id,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('order_events')
          .values({ order_id: id, status: 'pending', payment_id: null, created_at: now })
          .execute();
      });

      const orderPage = `${publicUrl}/orders/${id}`;
      try {
        const token = await accounts.accessToken(account);
        const preference = await accounts.payments().client.createPreference(token, {
          items: [
            {
              id: publication.id,
              title: publication.title,
              quantity: body.quantity,
              unit_price: unitPrice,
              currency_id: currency,
              ...(image !== null && /^https?:/.test(image) ? { picture_url: image } : {}),
            },
          ],
          marketplace_fee: feeAmount,
          external_reference: id,
          back_urls: { success: orderPage, pending: orderPage, failure: orderPage },
          auto_return: 'approved',
          notification_url: `${publicUrl}/api/payments/webhook?source_news=webhooks`,
        });
        await db
          .updateTable('orders')
          .set({ preference_id: preference.id, checkout_url: preference.init_point })
          .where('id', '=', id)
          .execute();
        log.info({ orderId: id, preferenceId: preference.id }, 'Order created');
        return { order: (await findOrder(id)) as Order, checkoutUrl: preference.init_point };
      } catch (error) {
        // Without a preference nobody can pay this order: it is forgotten rather than left pending forever.
        await db.deleteFrom('orders').where('id', '=', id).execute();
        if (error instanceof SellerDisconnectedError) throw new HttpError(409, SELLER_NOT_CONNECTED_MESSAGE);
        if (error instanceof HttpError) throw error;
        throw mercadoPagoFailure(error, MERCADOPAGO_UNAVAILABLE_MESSAGE, log);
      }
    },

    /**
     * POST /orders/{id}/check: the return page asks Mercado Pago for the payment it was given, so the buyer sees
     * the truth before the webhook arrives. A payment of another order is ignored.
     */
    async check(user: User, id: string, paymentId: string | undefined): Promise<Order> {
      const order = await visibleOrder(user, id);
      const wanted = paymentId ?? order.paymentId;
      if (wanted === undefined || wanted === null) return order;
      const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const account = await accounts.findAccount(row.seller_id);
      if (account === undefined || account.marketplace_user_id !== row.marketplace_user_id) return order;
      let payment: Payment;
      try {
        payment = await accounts.payments().client.payment(await accounts.accessToken(account), wanted);
      } catch (error) {
        // The stored status is still an answer; the webhook brings the rest.
        log.warn({ err: error, orderId: id }, 'Could not re-check a payment');
        return order;
      }
      if (payment.external_reference !== id) return order;
      return (await applyPayment(id, payment)) ?? order;
    },

    async list(user: User, role: 'seller' | 'buyer', query: PageQuery) {
      const column = role === 'seller' ? 'o.seller_id' : 'o.buyer_id';
      const { page, pageSize } = query;
      const [rows, count] = await Promise.all([
        selectOrders()
          .where(column, '=', user._id)
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('orders as o')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where(column, '=', user._id)
          .executeTakeFirstOrThrow(),
      ]);
      return pageOf('orders', rows.map(toOrder), Number(count.count), page, pageSize);
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
