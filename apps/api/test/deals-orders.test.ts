import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureManifest, signManifest } from '../src/modules/deals/webhook-signature.ts';
import { connectSeller, insertSaleItem } from './helpers/deals.ts';
import { insertUser } from './helpers/accounts.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import {
  startMercadoPagoStandIn,
  STAND_IN_WEBHOOK_SECRET,
  type MercadoPagoStandIn,
} from './helpers/mercadopago-stand-in.ts';
import { createActors, type Actor, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Who = 'guest' | keyof Actors | 'buyer';
type OrderBody = {
  _id: string;
  status: string;
  paymentId: string | null;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  feeAmount: number;
  currency: string;
  publication: { _id: string | null; title: string; imageUrl: string | null };
  buyer: { _id: string; name: string };
  seller: { _id: string; name: string };
};

describe('orders, payments, sales and shopping', () => {
  let standIn: MercadoPagoStandIn;
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let buyer: Actor;
  let webhookUrl: string;
  let sellerMpId: string;
  const logs = captureLogs();

  beforeAll(async () => {
    standIn = await startMercadoPagoStandIn();
    subject = await createTestApp({
      env: { ...standIn.env, MARKETPLACE_FEE_PERCENT: '10', LOG_LEVEL: 'info' },
      logger: logs.logger,
    });
    app = subject.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/payments/webhook`;
    actors = await createActors(subject.database.db);
    buyer = actors.other;
    sellerMpId = await connectSeller(app, actors.author, standIn, { id: '4242', nickname: 'ANA.VENDE' });
  });

  afterAll(async () => {
    await subject?.dispose();
    await standIn?.close();
  });

  function request(who: Who, options: InjectOptions) {
    const headers = who === 'guest' ? {} : (who === 'buyer' ? buyer : actors[who]).headers;
    return app.inject({ ...options, headers: { ...headers, ...options.headers } });
  }

  async function buy(who: Who, publicationId: string, quantity?: number) {
    return request(who, { method: 'POST', url: '/api/orders', payload: { publicationId, quantity } });
  }

  async function newOrder(quantity = 2, options: Parameters<typeof insertSaleItem>[2] = {}) {
    const item = await insertSaleItem(subject.database.db, actors.author.id, options);
    const response = await buy('buyer', item, quantity);
    expect(response.statusCode).toBe(201);
    const { order, checkoutUrl } = response.json<{ order: OrderBody; checkoutUrl: string }>();
    const preference = standIn.preferences.find(
      (candidate) => candidate.body.external_reference === order._id,
    )!;
    return { item, order, checkoutUrl, preference };
  }

  async function orderRow(id: string) {
    return subject.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function events(id: string) {
    return subject.database.db
      .selectFrom('order_events')
      .select(['status', 'payment_id'])
      .where('order_id', '=', id)
      .execute();
  }

  it('creates a pending order and a Checkout Pro preference with the seller’s token, the fee and the back URLs', async () => {
    const { item, order, checkoutUrl, preference } = await newOrder(2, { price: 1000, discountRate: 15 });
    expect(order).toMatchObject({
      status: 'pending',
      quantity: 2,
      unitPrice: 850,
      totalAmount: 1700,
      feeAmount: 170,
      currency: 'ARS',
      paymentId: null,
      publication: { _id: item, title: 'Jabón artesanal de oliva', imageUrl: '/media/demo/jabon.sm.webp' },
      buyer: { _id: buyer.id, name: 'Otro Usuario' },
      seller: { _id: actors.author.id, name: 'Ana Autora' },
    });
    expect(checkoutUrl).toBe(
      `${standIn.url}/checkout/v1/redirect?pref_id=${encodeURIComponent(preference.id)}`,
    );
    expect(preference.sellerId).toBe(sellerMpId);
    expect(preference.body).toEqual({
      items: [
        { id: item, title: 'Jabón artesanal de oliva', quantity: 2, unit_price: 850, currency_id: 'ARS' },
      ],
      marketplace_fee: 170,
      external_reference: order._id,
      back_urls: {
        success: `http://localhost:3000/orders/${order._id}`,
        pending: `http://localhost:3000/orders/${order._id}`,
        failure: `http://localhost:3000/orders/${order._id}`,
      },
      auto_return: 'approved',
      notification_url: 'http://localhost:3000/api/payments/webhook?source_news=webhooks',
    });
    expect(await events(order._id)).toEqual([{ status: 'pending', payment_id: null }]);
  });

  it('uses pesos colombianos without cents for a publication in Colombia; courses too', async () => {
    const { order, preference } = await newOrder(1, {
      typed: 'courses',
      price: 45_999.6,
      country: 'col',
    });
    expect(order).toMatchObject({ currency: 'COP', unitPrice: 46_000, totalAmount: 46_000, feeAmount: 4600 });
    expect(preference.body.items[0]).toMatchObject({ currency_id: 'COP', unit_price: 46_000 });
  });

  it('refuses one’s own publication, too many units, what cannot be bought, and unknown publications', async () => {
    const item = await insertSaleItem(subject.database.db, actors.author.id, { quantity: 3 });
    expect((await buy('author', item)).json()).toMatchObject({
      statusCode: 400,
      message: 'No puedes comprar tu propio anuncio.',
    });
    expect((await buy('buyer', item, 4)).json()).toMatchObject({
      statusCode: 400,
      message: 'La cantidad debe ser un número entero entre 1 y 3, lo que ofrece el vendedor.',
    });
    expect((await buy('buyer', item, 0)).statusCode).toBe(400);
    expect((await buy('buyer', item, 3)).statusCode).toBe(201);
    const barter = await insertSaleItem(subject.database.db, actors.author.id, { typed: 'barter' });
    expect((await buy('buyer', barter)).json()).toMatchObject({
      statusCode: 400,
      message: 'Este anuncio no se puede comprar en línea.',
    });
    const free = await insertSaleItem(subject.database.db, actors.author.id, { price: null });
    expect((await buy('buyer', free)).statusCode).toBe(400);
    const hidden = await insertSaleItem(subject.database.db, actors.author.id, { status: 0 });
    expect((await buy('buyer', hidden)).statusCode).toBe(404);
    expect((await buy('buyer', 'no-such-publication')).statusCode).toBe(404);
    // A seller without a connected account.
    const unconnected = await insertSaleItem(subject.database.db, actors.superUser.id);
    expect((await buy('buyer', unconnected)).json()).toMatchObject({ statusCode: 409 });
    const options = await request('guest', {
      method: 'GET',
      url: `/api/publication/${unconnected}/purchase`,
    });
    expect(options.json()).toMatchObject({ available: false });
    const offered = await request('guest', { method: 'GET', url: `/api/publication/${item}/purchase` });
    expect(offered.json()).toEqual({ available: true, unitPrice: 1000, currency: 'ARS', maxQuantity: 3 });
  });

  it('takes a signed webhook: fetches the payment with the seller’s token and approves the order, once', async () => {
    const { order, preference } = await newOrder();
    const payment = standIn.pay(preference.id, 'approved');
    expect(await standIn.notify(payment.id, { to: webhookUrl })).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ status: 'approved', payment_id: payment.id });
    // The same event again changes nothing.
    expect(await standIn.notify(payment.id, { to: webhookUrl })).toBe(200);
    expect(await standIn.notify(payment.id, { to: webhookUrl })).toBe(200);
    expect(await events(order._id)).toEqual([
      { status: 'pending', payment_id: null },
      { status: 'approved', payment_id: payment.id },
    ]);
  });

  it('notifies the seller of the sale and the buyer of the outcome, once per event', async () => {
    const titles = async (who: Who) => {
      const response = await request(who, { method: 'GET', url: '/api/notifications?pageSize=60' });
      return response
        .json<{ notifications: { title: string; message: string }[] }>()
        .notifications.map((notification) => `${notification.title}: ${notification.message}`);
    };
    const sellerBefore = (await titles('author')).length;
    const buyerBefore = (await titles('buyer')).length;
    const { preference } = await newOrder(2, { title: 'Compost en bolsa' });
    const payment = standIn.pay(preference.id, 'approved');
    await standIn.notify(payment.id, { to: webhookUrl });
    await standIn.notify(payment.id, { to: webhookUrl });
    const seller = await titles('author');
    const buyerSaw = await titles('buyer');
    expect(seller.length).toBe(sellerBefore + 1);
    expect(seller[0]).toBe(
      'Nueva venta: Otro Usuario te compró 2 × «Compost en bolsa» con Mercado Pago. Coordina la entrega.',
    );
    expect(buyerSaw.length).toBe(buyerBefore + 1);
    expect(buyerSaw[0]).toBe('Pago aprobado: Mercado Pago aprobó tu pago por 2 × «Compost en bolsa».');

    const { preference: failed } = await newOrder(1, { title: 'Vela rechazada' });
    const rejected = standIn.pay(failed.id, 'rejected');
    await standIn.notify(rejected.id, { to: webhookUrl });
    expect((await titles('buyer'))[0]).toBe(
      'Pago rechazado: Tu pago por 1 × «Vela rechazada» no se completó y no se te cobró nada. Puedes intentarlo de nuevo.',
    );
    expect((await titles('author')).length).toBe(sellerBefore + 1);
  });

  it('maps every payment status', async () => {
    const cases = [
      ['pending', 'pending'],
      ['in_process', 'in_process'],
      ['authorized', 'in_process'],
      ['in_mediation', 'in_process'],
      ['approved', 'approved'],
      ['rejected', 'rejected'],
      ['cancelled', 'cancelled'],
      ['refunded', 'refunded'],
      ['charged_back', 'refunded'],
    ] as const;
    for (const [paymentStatus, orderStatus] of cases) {
      const { order, preference } = await newOrder(1);
      const payment = standIn.pay(preference.id, paymentStatus);
      expect(await standIn.notify(payment.id, { to: webhookUrl })).toBe(200);
      expect((await orderRow(order._id)).status, paymentStatus).toBe(orderStatus);
    }
  });

  it('follows a payment through its life: pending, approved, refunded', async () => {
    const { order, preference } = await newOrder(1);
    const payment = standIn.pay(preference.id, 'in_process');
    await standIn.notify(payment.id, { to: webhookUrl });
    payment.status = 'approved';
    await standIn.notify(payment.id, { to: webhookUrl });
    payment.status = 'refunded';
    await standIn.notify(payment.id, { to: webhookUrl });
    expect((await events(order._id)).map((event) => event.status)).toEqual([
      'pending',
      'in_process',
      'approved',
      'refunded',
    ]);
    // A failed second attempt of the buyer does not pull an approved order back.
    const { order: second, preference: secondPreference } = await newOrder(1);
    const approved = standIn.pay(secondPreference.id, 'approved');
    await standIn.notify(approved.id, { to: webhookUrl });
    const rejected = standIn.pay(secondPreference.id, 'rejected');
    await standIn.notify(rejected.id, { to: webhookUrl });
    expect(await orderRow(second._id)).toMatchObject({ status: 'approved', payment_id: approved.id });
  });

  it('refuses webhooks with a bad, missing or old signature (401, logged) and changes nothing', async () => {
    const { order, preference } = await newOrder(1);
    const payment = standIn.pay(preference.id, 'approved');
    expect(await standIn.notify(payment.id, { to: webhookUrl, secret: 'not-the-secret' })).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect(await standIn.notify(payment.id, { to: webhookUrl, ts: old })).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: `/api/payments/webhook?data.id=${payment.id}&type=payment`,
      payload: { type: 'payment', user_id: Number(sellerMpId), data: { id: payment.id } },
    });
    expect(unsigned.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Firma de la notificación no válida.',
    });
    // Signed for another payment id than the one in the query.
    const ts = String(Math.floor(Date.now() / 1000));
    const v1 = signManifest(
      STAND_IN_WEBHOOK_SECRET,
      signatureManifest({ dataId: '1', requestId: 'r-1', ts }),
    );
    const swapped = await app.inject({
      method: 'POST',
      url: `/api/payments/webhook?data.id=${payment.id}&type=payment`,
      headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'r-1' },
      payload: { type: 'payment', user_id: Number(sellerMpId), data: { id: payment.id } },
    });
    expect(swapped.statusCode).toBe(401);
    expect(logs.entries.map((entry) => entry.msg)).toContain(
      'Mercado Pago webhook with a bad signature refused',
    );
    expect((await orderRow(order._id)).status).toBe('pending');
  });

  it('ignores signed notifications of other topics, unknown sellers and payments of no order', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const signed = (dataId: string, payload: Record<string, unknown>, type = 'payment') => {
      const v1 = signManifest(STAND_IN_WEBHOOK_SECRET, signatureManifest({ dataId, requestId: 'r-2', ts }));
      return app.inject({
        method: 'POST',
        url: `/api/payments/webhook?data.id=${dataId}&type=${type}`,
        headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'r-2' },
        payload,
      });
    };
    const merchantOrder = await signed(
      '55',
      { type: 'merchant_order', user_id: 1, data: { id: '55' } },
      'topic_merchant_order_wh',
    );
    expect(merchantOrder.json()).toEqual({ received: true, outcome: 'ignored' });
    const stranger = await signed('56', { type: 'payment', user_id: 999_999, data: { id: '56' } });
    expect(stranger.json()).toEqual({ received: true, outcome: 'ignored' });
    // A payment the named seller does not have (Mercado Pago answers 404): nothing to retry.
    const unknown = await signed('57', { type: 'payment', user_id: Number(sellerMpId), data: { id: '57' } });
    expect(unknown.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('answers 502 while Mercado Pago cannot be reached, so that it retries the notification', async () => {
    const { order, preference } = await newOrder(1);
    const payment = standIn.pay(preference.id, 'approved');
    const ts = String(Math.floor(Date.now() / 1000));
    const v1 = signManifest(
      STAND_IN_WEBHOOK_SECRET,
      signatureManifest({ dataId: payment.id, requestId: 'r-3', ts }),
    );
    const deliver = () =>
      app.inject({
        method: 'POST',
        url: `/api/payments/webhook?data.id=${payment.id}&type=payment`,
        headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'r-3' },
        payload: { type: 'payment', user_id: Number(sellerMpId), data: { id: payment.id } },
      });
    standIn.failNext = 503;
    const down = await deliver();
    expect(down.json()).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'No pudimos comunicarnos con Mercado Pago. Intenta nuevamente en unos minutos.',
    });
    expect((await deliver()).json()).toEqual({ received: true, outcome: 'updated' });
    expect((await orderRow(order._id)).status).toBe('approved');
  });

  it('the return page re-checks the payment before the webhook arrives; only its order’s payment counts', async () => {
    const { order, preference } = await newOrder(1);
    const payment = standIn.pay(preference.id, 'approved');
    const checked = await request('buyer', {
      method: 'GET',
      url: `/api/orders/${order._id}?paymentId=${payment.id}`,
    });
    expect(checked.json()).toMatchObject({ order: { status: 'approved', paymentId: payment.id } });

    const { order: other } = await newOrder(1);
    const foreign = await request('buyer', {
      method: 'GET',
      url: `/api/orders/${other._id}?paymentId=${payment.id}`,
    });
    expect(foreign.json()).toMatchObject({ order: { status: 'pending', paymentId: null } });
    const bad = await request('buyer', { method: 'GET', url: `/api/orders/${other._id}?paymentId=abc` });
    expect(bad.statusCode).toBe(400);
  });

  it('authorization matrix: orders, sales and shopping', async () => {
    const { order } = await newOrder(1);
    const item = await insertSaleItem(subject.database.db, actors.author.id);
    expect((await buy('guest', item)).statusCode).toBe(401);
    expect((await buy('superUser', item)).statusCode).toBe(201);

    const see = (who: Who) => request(who, { method: 'GET', url: `/api/orders/${order._id}` });
    expect((await see('guest')).statusCode).toBe(401);
    expect((await see('buyer')).statusCode).toBe(200);
    expect((await see('author')).statusCode).toBe(200);
    expect((await see('superUser')).statusCode).toBe(200);
    const check = (who: Who) => request(who, { method: 'GET', url: `/api/orders/${order._id}?recheck=1` });
    expect((await check('guest')).statusCode).toBe(401);
    expect((await check('author')).statusCode).toBe(200);

    // Another member: a fresh user who neither bought nor sold it.
    const stranger = await createStranger();
    const strangerSees = await app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}`,
      headers: stranger,
    });
    expect(strangerSees.json()).toMatchObject({ statusCode: 404, message: 'La compra no existe.' });
    const strangerChecks = await app.inject({
      method: 'GET',
      url: `/api/orders/${order._id}?recheck=1`,
      headers: stranger,
    });
    expect(strangerChecks.statusCode).toBe(404);

    for (const path of ['/api/sales', '/api/shopping', '/api/sales/contacts', '/api/shopping/contacts']) {
      expect((await request('guest', { method: 'GET', url: path })).statusCode, path).toBe(401);
    }
    const sales = await request('author', { method: 'GET', url: '/api/sales?pageSize=100' });
    const shopping = await request('buyer', { method: 'GET', url: '/api/shopping?pageSize=100' });
    const sellerShopping = await request('author', { method: 'GET', url: '/api/shopping' });
    const strangerSales = await app.inject({ method: 'GET', url: '/api/sales', headers: stranger });
    const salesBody = sales.json<{ orders: OrderBody[]; total: number }>();
    expect(salesBody.orders.every((row) => row.seller._id === actors.author.id)).toBe(true);
    expect(salesBody.orders.map((row) => row._id)).toContain(order._id);
    const shoppingBody = shopping.json<{ orders: OrderBody[] }>();
    expect(shoppingBody.orders.every((row) => row.buyer._id === buyer.id)).toBe(true);
    expect(sellerShopping.json()).toEqual({ orders: [], total: 0, totalPages: 0, nextPage: null });
    expect(strangerSales.json()).toEqual({ orders: [], total: 0, totalPages: 0, nextPage: null });
    // The super user's own purchase is theirs alone.
    const superShopping = await request('superUser', { method: 'GET', url: '/api/shopping' });
    expect(superShopping.json()).toMatchObject({ total: 1 });
  });

  it('pages sales like the other lists, newest first, and keeps the copy when the publication is deleted', async () => {
    const { order, item } = await newOrder(1, { title: 'Vela de soja reciclada' });
    const first = await request('author', { method: 'GET', url: '/api/sales?page=1&pageSize=2' });
    const body = first.json<{ orders: OrderBody[]; total: number; totalPages: number; nextPage: number }>();
    expect(body.orders).toHaveLength(2);
    expect(body.orders[0]!._id).toBe(order._id);
    expect(body.totalPages).toBe(Math.ceil(body.total / 2));
    expect(body.nextPage).toBe(2);
    const last = await request('author', {
      method: 'GET',
      url: `/api/sales?page=${body.totalPages}&pageSize=2`,
    });
    expect(last.json()).toMatchObject({ nextPage: null });
    expect((await request('author', { method: 'GET', url: '/api/sales?page=0' })).statusCode).toBe(400);

    await subject.database.db.deleteFrom('publication_files').where('publication_id', '=', item).execute();
    await subject.database.db.deleteFrom('publications').where('id', '=', item).execute();
    const after = await request('buyer', { method: 'GET', url: `/api/orders/${order._id}` });
    expect(after.json()).toMatchObject({
      order: { publication: { _id: null, title: 'Vela de soja reciclada' }, unitPrice: 1000 },
    });
  });

  async function createStranger(): Promise<Record<string, string>> {
    const user = await insertUser(subject.database.db, { email: 'ajena@example.com', name: 'Ajena' });
    const { token } = await createSession(subject.database.db, user.id, 3_600_000);
    return { authorization: `Bearer ${token}` };
  }
});
