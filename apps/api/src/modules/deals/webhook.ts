import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../errors.ts';
import { MercadoPagoError } from './mercadopago-client.ts';
import { MERCADOPAGO_UNAVAILABLE_MESSAGE, SIGNATURE_MESSAGE } from './messages.ts';
import type { Orders } from './orders.ts';
import { mercadoPagoFailure, type SellerAccounts } from './seller-accounts.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

export type WebhookNotification = {
  query: Record<string, string | undefined>;
  body: {
    type?: string | undefined;
    user_id?: string | number | undefined;
    data?: { id?: string | number | undefined };
  };
  signature: string | undefined;
  requestId: string | undefined;
};

export type WebhookOutcome = 'ignored' | 'unchanged' | 'updated';

/**
 * POST /payments/webhook: a signed notification of Mercado Pago. The payment is read back with the token of the
 * seller it names (the notification itself is only a hint), then stored on its order.
 */
export function createWebhookHandler(deps: {
  accounts: SellerAccounts;
  orders: Orders;
  log: FastifyBaseLogger;
}) {
  const { accounts, orders, log } = deps;

  return async function handle(notification: WebhookNotification): Promise<WebhookOutcome> {
    const { config, client } = accounts.payments();
    const { query, body } = notification;
    const dataId = query['data.id'] ?? (body.data?.id === undefined ? undefined : String(body.data.id));
    const valid = verifyWebhookSignature({
      secret: config.webhookSecret,
      header: notification.signature,
      requestId: notification.requestId,
      dataId,
    });
    if (!valid) {
      log.warn(
        { requestId: notification.requestId, dataId },
        'Mercado Pago webhook with a bad signature refused',
      );
      throw new HttpError(401, SIGNATURE_MESSAGE);
    }
    const type = query.type ?? query.topic ?? body.type;
    if (type !== 'payment' || dataId === undefined || body.user_id === undefined) return 'ignored';

    const sellerId = String(body.user_id);
    const account = await accounts.findByMarketplaceUser(sellerId);
    if (account === undefined) {
      log.warn(
        { marketplaceUserId: sellerId, paymentId: dataId },
        'Webhook for a seller who is not connected',
      );
      return 'ignored';
    }
    let payment;
    try {
      payment = await client.payment(await accounts.accessToken(account), dataId);
    } catch (error) {
      if (error instanceof MercadoPagoError && error.status === 404) {
        // Not a payment of this seller: retrying would not change that.
        log.warn(
          { marketplaceUserId: sellerId, paymentId: dataId },
          'Webhook for a payment the seller does not have',
        );
        return 'ignored';
      }
      // Mercado Pago retries a notification that is not answered with 2xx.
      throw mercadoPagoFailure(error, MERCADOPAGO_UNAVAILABLE_MESSAGE, log);
    }
    const orderId = payment.external_reference;
    const order = orderId ? await orders.findOrder(orderId) : undefined;
    if (orderId === null || orderId === undefined || order === undefined) {
      log.warn({ paymentId: payment.id }, 'Webhook for a payment of no known order');
      return 'ignored';
    }
    const row = await orders.sellerAccountIdOf(orderId);
    if (row !== sellerId) {
      log.warn({ paymentId: payment.id, orderId }, 'Webhook payment from another seller than the order’s');
      return 'ignored';
    }
    const before = order.status;
    const beforePayment = order.paymentId;
    const after = await orders.applyPayment(orderId, payment);
    return after !== undefined && (after.status !== before || after.paymentId !== beforePayment)
      ? 'updated'
      : 'unchanged';
  };
}
