import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { signatureManifest, signManifest } from '../src/modules/deals/webhook-signature.ts';
import {
  authorize,
  connectSeller,
  credentials,
  insertSaleItem,
  startAuthorization,
} from './helpers/deals.ts';
import {
  startMercadoPagoStandIn,
  STAND_IN_WEBHOOK_SECRET,
  type MercadoPagoStandIn,
} from './helpers/mercadopago-stand-in.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Two server instances on one database, as behind a load balancer: nothing of the flow lives in one process.
describe('deals across two server instances', () => {
  let standIn: MercadoPagoStandIn;
  let subject: TestApp;
  let second: FastifyInstance;
  let actors: Actors;

  beforeAll(async () => {
    standIn = await startMercadoPagoStandIn();
    subject = await createTestApp({ env: standIn.env });
    second = await buildApp(subject.config, { database: subject.database });
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await second?.close();
    await subject?.dispose();
    await standIn?.close();
  });

  it('an authorization started on one instance completes on the other, once, even when posted twice at once', async () => {
    const started = await startAuthorization(subject.app, actors.author);
    const { code, state } = await authorize(started.authorizationUrl);
    const post = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/seller/credentials',
        headers: actors.author.headers,
        payload: credentials(code, state, started.marketplaceRedirectURI),
      });
    const answers = await Promise.all([post(second), post(subject.app)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const me = await subject.app.inject({ method: 'GET', url: '/api/me', headers: actors.author.headers });
    expect(me.json()).toMatchObject({ sellerAccount: { nickname: expect.any(String) } });
  });

  it('the same webhook delivered to both instances at once changes the order once', async () => {
    await connectSeller(subject.app, actors.other, standIn, { id: '9090', nickname: 'OTRO' });
    const item = await insertSaleItem(subject.database.db, actors.other.id);
    const created = await second.inject({
      method: 'POST',
      url: '/api/orders',
      headers: actors.superUser.headers,
      payload: { publicationId: item },
    });
    const orderId = created.json<{ order: { _id: string } }>().order._id;
    const preference = standIn.preferences.find(
      (candidate) => candidate.body.external_reference === orderId,
    )!;
    const payment = standIn.pay(preference.id, 'approved');
    const ts = String(Math.floor(Date.now() / 1000));
    const v1 = signManifest(
      STAND_IN_WEBHOOK_SECRET,
      signatureManifest({ dataId: payment.id, requestId: 'r', ts }),
    );
    const deliver = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `/api/payments/webhook?data.id=${payment.id}&type=payment`,
        headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'r' },
        payload: { type: 'payment', user_id: 9090, data: { id: payment.id } },
      });
    const answers = await Promise.all([deliver(subject.app), deliver(second), deliver(subject.app)]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const events = await subject.database.db
      .selectFrom('order_events')
      .select('status')
      .where('order_id', '=', orderId)
      .execute();
    expect(events.map((event) => event.status)).toEqual(['pending', 'approved']);
    const notifications = await subject.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', actors.other.id)
      .where('title', '=', 'Nueva venta')
      .execute();
    expect(notifications).toHaveLength(1);
  });
});
