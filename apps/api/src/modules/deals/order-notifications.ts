import type { FastifyBaseLogger } from 'fastify';
import type { Order, OrderStatus } from '@eco/domain';
import type { DB } from '../../db/schema.ts';

/**
 * What the seller and the buyer are told when an order changes. The notifications module arrives with the community
 * issue; until it is merged this only logs, and this function is the one seam to connect it.
 */
export function createOrderNotifier({ log }: { db: DB; log: FastifyBaseLogger }) {
  return async (order: Order, previous: OrderStatus): Promise<void> => {
    log.info({ orderId: order._id, previous, status: order.status }, 'Order notification pending');
  };
}
