import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { attemptLimiter, registerAttemptLimits } from '../../plugins/attempt-limits.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { requireSession } from '../sessions/require-session.ts';
import { createContacts } from './contacts.ts';
import { createMercadoPagoClient } from './mercadopago-client.ts';
import { createOrders } from './orders.ts';
import {
  authorizationSchema,
  checkQuerySchema,
  contactBodySchema,
  contactPageSchema,
  createdOrderSchema,
  credentialsBodySchema,
  idParamsSchema,
  orderBodySchema,
  orderPageSchema,
  orderSchema,
  pageQuerySchema,
  purchaseOptionsSchema,
  sellerAccountSchema,
  webhookBodySchema,
  webhookQuerySchema,
} from './schemas.ts';
import { createSecretBox } from './secret-box.ts';
import { createSellerAccounts } from './seller-accounts.ts';
import { createWebhookHandler } from './webhook.ts';

const signedIn = { onRequest: async (request: FastifyRequest) => void (await requireSession(request)) };
const SIGNED_IN: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const OPTIONAL_SESSION: Record<string, string[]>[] = [{}, ...SIGNED_IN];

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Seller account (Mercado Pago OAuth), orders and payments, sales and shopping, and the contact history. */
export const dealRoutes: FastifyPluginAsyncZod<{ db: DB; config: Config }> = async (app, { db, config }) => {
  const payments =
    config.mercadoPago === null
      ? null
      : { config: config.mercadoPago, client: createMercadoPagoClient(config.mercadoPago) };
  const box = createSecretBox(config.secretKey);
  const accounts = createSellerAccounts({ db, payments, box, publicUrl: config.publicUrl, log: app.log });
  const orders = createOrders({
    db,
    accounts,
    storage: app.mediaStorage,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const contacts = createContacts({ db, storage: app.mediaStorage });
  const handleWebhook = createWebhookHandler({ accounts, orders, log: app.log });

  await registerAttemptLimits(app, db);
  const contactLimiter = attemptLimiter(app, 'contacts', config.rateLimit);

  // ---------------------------------------------------------------------------------------------------------
  // Seller account

  app.get(
    '/seller/authorization',
    {
      ...signedIn,
      schema: {
        tags: ['seller'],
        summary: 'Empezar a conectar mi cuenta de Mercado Pago (OAuth con PKCE)',
        description:
          'Devuelve la página de autorización de Mercado Pago del país del usuario. El state vale 10 minutos, una ' +
          'vez y solo para este usuario; Mercado Pago vuelve a marketplaceRedirectURI con ?code&state.',
        security: SIGNED_IN,
        response: { 200: authorizationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      return accounts.start(user._id, user.locationCountry);
    },
  );

  app.post(
    '/seller/credentials',
    {
      ...signedIn,
      schema: {
        tags: ['seller'],
        summary: 'Terminar de conectar mi cuenta de Mercado Pago',
        description:
          'Con el code y el state que Mercado Pago devolvió. Los tokens se guardan cifrados (AES-256-GCM) y nunca ' +
          'se responden.',
        security: SIGNED_IN,
        body: credentialsBodySchema,
        response: {
          200: z.object({ sellerAccount: sellerAccountSchema }),
          ...errorResponses(400, 401, 404, 502),
        },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { sellerAccount: await accounts.connect(user._id, request.body) };
    },
  );

  app.delete(
    '/seller/credentials',
    {
      ...signedIn,
      schema: {
        tags: ['seller'],
        summary: 'Desconectar mi cuenta de Mercado Pago',
        security: SIGNED_IN,
        response: { 204: z.null().describe('Desconectada'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await accounts.disconnect(user._id);
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------------------------------------------------
  // Orders and payments

  app.get(
    '/publication/:id/purchase',
    {
      schema: {
        tags: ['orders'],
        summary: 'Si un anuncio se puede comprar con Mercado Pago, y a qué precio',
        security: OPTIONAL_SESSION,
        params: idParamsSchema,
        response: { 200: purchaseOptionsSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return orders.purchaseOptions(request.params.id);
    },
  );

  app.post(
    '/orders',
    {
      ...signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Comprar con Mercado Pago',
        description:
          'Crea la compra (pendiente) y la preferencia de Checkout Pro con el token del vendedor; responde la ' +
          'dirección donde pagar. No se puede comprar un anuncio propio.',
        security: SIGNED_IN,
        body: orderBodySchema,
        response: { 201: createdOrderSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      return reply.code(201).send(await orders.create(user, request.body));
    },
  );

  app.get(
    '/orders/:id',
    {
      ...signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Una compra (su comprador, su vendedor o un superusuario)',
        description:
          'Con `paymentId` (el payment_id que Mercado Pago agrega a la dirección de regreso) vuelve a consultar ' +
          'el pago antes de responder, así la página de regreso muestra la verdad aunque el webhook no haya llegado.',
        security: SIGNED_IN,
        params: idParamsSchema,
        querystring: checkQuerySchema,
        response: { 200: z.object({ order: orderSchema }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      reply.header('cache-control', 'no-store');
      const { paymentId, recheck } = request.query;
      if (paymentId === undefined && !recheck)
        return { order: await orders.visibleOrder(user, request.params.id) };
      return { order: await orders.check(user, request.params.id, paymentId) };
    },
  );

  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['orders'],
        summary: 'Notificaciones de pagos de Mercado Pago (webhook firmado)',
        description:
          'Verifica x-signature (HMAC-SHA256 de `id:{data.id};request-id:{x-request-id};ts:{ts};`), lee el pago ' +
          'con el token del vendedor indicado por user_id y actualiza la compra. Repetir un aviso no cambia nada.',
        querystring: webhookQuerySchema,
        body: webhookBodySchema,
        response: {
          200: z.object({ received: z.literal(true), outcome: z.enum(['ignored', 'unchanged', 'updated']) }),
          ...errorResponses(401, 404, 502),
        },
      },
    },
    async (request) => {
      const outcome = await handleWebhook({
        query: request.query,
        body: {
          type: request.body.type,
          user_id: request.body.user_id,
          data: request.body.data === undefined ? undefined : { id: request.body.data.id },
        },
        signature: header(request, 'x-signature'),
        requestId: header(request, 'x-request-id'),
      });
      return { received: true as const, outcome };
    },
  );

  for (const [path, role, summary] of [
    ['/sales', 'seller', 'Mis ventas por Mercado Pago'],
    ['/shopping', 'buyer', 'Mis compras por Mercado Pago'],
  ] as const) {
    app.get(
      path,
      {
        ...signedIn,
        schema: {
          tags: ['orders'],
          summary,
          security: SIGNED_IN,
          querystring: pageQuerySchema,
          response: { 200: orderPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        reply.header('cache-control', 'no-store');
        return orders.list(user, role, request.query);
      },
    );
  }

  // ---------------------------------------------------------------------------------------------------------
  // Contact history

  app.post(
    '/contacts',
    {
      onRequest: contactLimiter.byAddress,
      schema: {
        tags: ['contacts'],
        summary: 'Registrar una consulta enviada por WhatsApp desde el carrito',
        description: 'También para visitantes sin cuenta. Solo anuncios publicados del vendedor indicado.',
        security: OPTIONAL_SESSION,
        body: contactBodySchema,
        response: { 201: z.object({ contact: z.object({ _id: z.string() }) }), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const session = await request.getSession();
      const id = await contacts.record(session?.user ?? null, request.body);
      return reply.code(201).send({ contact: { _id: id } });
    },
  );

  for (const [path, role, summary] of [
    ['/sales/contacts', 'seller', 'Consultas recibidas'],
    ['/shopping/contacts', 'buyer', 'Consultas enviadas'],
  ] as const) {
    app.get(
      path,
      {
        ...signedIn,
        schema: {
          tags: ['contacts'],
          summary,
          security: SIGNED_IN,
          querystring: pageQuerySchema,
          response: { 200: contactPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        reply.header('cache-control', 'no-store');
        return contacts.list(user, role, request.query);
      },
    );
  }
};
