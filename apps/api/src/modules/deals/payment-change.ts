import { orderStatusOfPayment, type OrderStatus } from '@eco/domain';
import type { Payment } from './mercadopago-client.ts';

/**
 * The status a payment gives an order, or undefined when it changes nothing: the same payment in the same state, or
 * another attempt of the buyer once a payment was approved (a failed retry does not pull an approved order back).
 */
export function statusAfterPayment(
  order: { status: OrderStatus; payment_id: string | null },
  payment: Pick<Payment, 'id' | 'status'>,
): OrderStatus | undefined {
  const status = orderStatusOfPayment(payment.status);
  if (order.status === status && order.payment_id === payment.id) return undefined;
  if (order.status === 'approved' && order.payment_id !== null && order.payment_id !== payment.id)
    return undefined;
  return status;
}
