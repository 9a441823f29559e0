import type { OrderStatus } from '@eco/domain';
import type { DB, OrderRow } from '../../db/schema.ts';
import { notify, type NotifyInput } from '../notifications/service.ts';

type Parties = { buyerName: string };
type ChangedOrder = Pick<
  OrderRow,
  'id' | 'buyer_id' | 'seller_id' | 'title' | 'quantity' | 'status' | 'payment_id'
>;

/**
 * What the seller and the buyer are told when an order's payment settles, in the transaction that stores the new
 * status (so a rolled-back change notifies nobody).
 */
export async function notifyOrderChange(
  trx: DB,
  order: ChangedOrder,
  parties: Parties,
  previous: OrderStatus,
): Promise<void> {
  for (const notice of orderChangeNotices(order, parties, previous)) await notify(trx, notice);
}

/**
 * The notifications of an order that has just reached its status from `previous` (the demo content's orders are
 * told with them too). Each event has its dedupe key: a repeated webhook notifies once.
 */
export function orderChangeNotices(
  order: ChangedOrder,
  parties: Parties,
  previous: OrderStatus,
): NotifyInput[] {
  const link = `/orders/${order.id}`;
  const item = `${order.quantity} × «${order.title}»`;
  const key = (who: 'buyer' | 'seller') =>
    `order:${order.id}:${order.status}:${order.payment_id ?? ''}:${who}`;
  const notices: NotifyInput[] = [];

  switch (order.status) {
    case 'approved':
      notices.push({
        userId: order.seller_id,
        title: 'Nueva venta',
        message: `${parties.buyerName} te compró ${item} con Mercado Pago. Coordina la entrega.`,
        kind: 'success',
        push: 'sales',
        fromUserId: order.buyer_id,
        link,
        dedupeKey: key('seller'),
      });
      notices.push({
        userId: order.buyer_id,
        title: 'Pago aprobado',
        message: `Mercado Pago aprobó tu pago por ${item}.`,
        kind: 'success',
        push: 'sales',
        fromUserId: order.seller_id,
        link,
        dedupeKey: key('buyer'),
      });
      return notices;
    case 'rejected':
    case 'cancelled':
      notices.push({
        userId: order.buyer_id,
        title: order.status === 'rejected' ? 'Pago rechazado' : 'Pago cancelado',
        message: `Tu pago por ${item} no se completó y no se te cobró nada. Puedes intentarlo de nuevo.`,
        kind: 'danger',
        push: 'sales',
        link,
        dedupeKey: key('buyer'),
      });
      return notices;
    case 'refunded':
      notices.push({
        userId: order.buyer_id,
        title: 'Pago devuelto',
        message: `Mercado Pago te devolvió el pago por ${item}.`,
        kind: 'warning',
        push: 'sales',
        link,
        dedupeKey: key('buyer'),
      });
      if (previous === 'approved') {
        notices.push({
          userId: order.seller_id,
          title: 'Venta devuelta',
          message: `Mercado Pago devolvió el pago de ${parties.buyerName} por ${item}.`,
          kind: 'warning',
          push: 'sales',
          fromUserId: order.buyer_id,
          link,
          dedupeKey: key('seller'),
        });
      }
      return notices;
    default:
      // Pending and in process: the buyer already saw it on the return page; the outcome is what gets notified.
      return notices;
  }
}
