import type { OrderStatus } from '@eco/domain';
import type { DB, OrderRow } from '../../db/schema.ts';
import { notify } from '../notifications/service.ts';

type Parties = { buyerName: string };

/**
 * What the seller and the buyer are told when an order's payment settles, in the transaction that stores the new
 * status (so a rolled-back change notifies nobody). Each event has its dedupe key: a repeated webhook notifies once.
 */
export async function notifyOrderChange(
  trx: DB,
  order: OrderRow,
  parties: Parties,
  previous: OrderStatus,
): Promise<void> {
  const link = `/orders/${order.id}`;
  const item = `${order.quantity} × «${order.title}»`;
  const key = (who: 'buyer' | 'seller') =>
    `order:${order.id}:${order.status}:${order.payment_id ?? ''}:${who}`;

  switch (order.status) {
    case 'approved':
      await notify(trx, {
        userId: order.seller_id,
        title: 'Nueva venta',
        message: `${parties.buyerName} te compró ${item} con Mercado Pago. Coordina la entrega.`,
        kind: 'success',
        fromUserId: order.buyer_id,
        link,
        dedupeKey: key('seller'),
      });
      await notify(trx, {
        userId: order.buyer_id,
        title: 'Pago aprobado',
        message: `Mercado Pago aprobó tu pago por ${item}.`,
        kind: 'success',
        fromUserId: order.seller_id,
        link,
        dedupeKey: key('buyer'),
      });
      return;
    case 'rejected':
    case 'cancelled':
      await notify(trx, {
        userId: order.buyer_id,
        title: order.status === 'rejected' ? 'Pago rechazado' : 'Pago cancelado',
        message: `Tu pago por ${item} no se completó y no se te cobró nada. Puedes intentarlo de nuevo.`,
        kind: 'danger',
        link,
        dedupeKey: key('buyer'),
      });
      return;
    case 'refunded':
      await notify(trx, {
        userId: order.buyer_id,
        title: 'Pago devuelto',
        message: `Mercado Pago te devolvió el pago por ${item}.`,
        kind: 'warning',
        link,
        dedupeKey: key('buyer'),
      });
      if (previous === 'approved') {
        await notify(trx, {
          userId: order.seller_id,
          title: 'Venta devuelta',
          message: `Mercado Pago devolvió el pago de ${parties.buyerName} por ${item}.`,
          kind: 'warning',
          fromUserId: order.buyer_id,
          link,
          dedupeKey: key('seller'),
        });
      }
      return;
    default:
      // Pending and in process: the buyer already saw it on the return page; the outcome is what gets notified.
      return;
  }
}
