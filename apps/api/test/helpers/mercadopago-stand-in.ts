import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureManifest, signManifest } from '../../src/modules/deals/webhook-signature.ts';

// A loopback Mercado Pago for tests only: the authorization page (which grants at once and redirects back), the
// OAuth token endpoint (authorization_code with PKCE S256, refresh_token), /users/me, Checkout Pro preferences, a
// checkout page that pays and returns to the back URLs, payments, and webhooks signed like the real ones.

export const STAND_IN_CLIENT_ID = '1234567890123456';
export const STAND_IN_CLIENT_SECRET = 'stand-in-client-secret';
export const STAND_IN_WEBHOOK_SECRET = 'stand-in-webhook-secret';

export type StandInSeller = { id: string; nickname: string };
export type StandInPayment = {
  id: string;
  status: string;
  external_reference: string;
  collector_id: string;
  transaction_amount: number;
  currency_id: string;
};
type Grant = { id: string; accessToken: string; refreshToken: string; sellerId: string; expiresAt: number };
type Code = { sellerId: string; challenge: string; redirectUri: string; used: boolean };
type Preference = { id: string; sellerId: string; body: PreferenceBody };
type PreferenceBody = {
  items: { id: string; title: string; quantity: number; unit_price: number; currency_id: string }[];
  marketplace_fee: number;
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  notification_url: string;
};

export type MercadoPagoStandIn = {
  url: string;
  /** Env for a server using the stand-in (MERCADOPAGO_*). */
  env: Record<string, string>;
  /** Who authorizes on the next visit to the authorization page. */
  seller: StandInSeller;
  /** Lifetime of the tokens it issues, in seconds (Mercado Pago's: 180 days). */
  tokenLifetimeSeconds: number;
  /** The status of the payment made by the next visit to the checkout page. */
  nextPaymentStatus: string;
  preferences: Preference[];
  payments: Map<string, StandInPayment>;
  /** When set, the next API call answers this status (an outage), then it is cleared. */
  failNext: number | null;
  /** grant_type of every /oauth/token call, in order. */
  tokenRequests: string[];
  /** Authorization codes issued, in order. */
  codes: string[];
  /** Whether an access token is currently valid. */
  isValidToken(token: string): boolean;
  /** A payment of a preference, as a buyer completing the checkout would make it. */
  pay(preferenceId: string, status: string): StandInPayment;
  /** Delivers a signed webhook for a payment to the preference's notification_url; answers the HTTP status. */
  notify(paymentId: string, options?: { secret?: string; ts?: number; to?: string }): Promise<number>;
  close(): Promise<void>;
};

const token = (prefix: string) => `${prefix}-${randomBytes(24).toString('hex')}`;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return JSON.parse(text) as Record<string, unknown>;
}

export async function startMercadoPagoStandIn(options: { port?: number } = {}): Promise<MercadoPagoStandIn> {
  const codes = new Map<string, Code>();
  const grants: Grant[] = [];
  let paymentSeq = 1_000_000_000 + Math.floor(Math.random() * 1_000_000);

  function grantOf(request: IncomingMessage): Grant | undefined {
    const header = request.headers.authorization ?? '';
    const bearer = header.startsWith('Bearer ') ? header.slice(7) : '';
    return grants.find((grant) => grant.accessToken === bearer && grant.expiresAt > Date.now());
  }

  function issue(sellerId: string): Record<string, unknown> {
    const grant: Grant = {
      id: randomUUID(),
      accessToken: token('APP_USR'),
      refreshToken: token('TG'),
      sellerId,
      expiresAt: Date.now() + standIn.tokenLifetimeSeconds * 1000,
    };
    grants.push(grant);
    return {
      access_token: grant.accessToken,
      token_type: 'bearer',
      expires_in: standIn.tokenLifetimeSeconds,
      scope: 'offline_access payments read write',
      user_id: Number(sellerId),
      refresh_token: grant.refreshToken,
      public_key: `APP_USR-${randomUUID()}`,
      live_mode: false,
    };
  }

  async function oauthToken(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    standIn.tokenRequests.push(String(body.grant_type));
    if (body.client_id !== STAND_IN_CLIENT_ID || body.client_secret !== STAND_IN_CLIENT_SECRET) {
      send(response, 401, { error: 'invalid_client', message: 'invalid client_id or client_secret' });
      return;
    }
    if (body.grant_type === 'authorization_code') {
      const code = codes.get(String(body.code));
      const verifier = String(body.code_verifier ?? '');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        code === undefined ||
        code.used ||
        code.redirectUri !== body.redirect_uri ||
        code.challenge !== challenge
      ) {
        send(response, 400, {
          error: 'invalid_grant',
          message: 'invalid code, redirect_uri or code_verifier',
        });
        return;
      }
      code.used = true;
      send(response, 200, issue(code.sellerId));
      return;
    }
    if (body.grant_type === 'refresh_token') {
      const index = grants.findIndex((grant) => grant.refreshToken === body.refresh_token);
      if (index === -1) {
        send(response, 400, { error: 'invalid_grant', message: 'invalid refresh_token' });
        return;
      }
      const [old] = grants.splice(index, 1);
      send(response, 200, issue(old!.sellerId));
      return;
    }
    send(response, 400, { error: 'unsupported_grant_type' });
  }

  function authorization(url: URL, response: ServerResponse): void {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    const valid =
      params.get('client_id') === STAND_IN_CLIENT_ID &&
      params.get('response_type') === 'code' &&
      params.get('platform_id') === 'mp' &&
      params.get('code_challenge_method') === 'S256' &&
      (params.get('code_challenge') ?? '').length >= 43 &&
      params.get('state') !== null &&
      redirectUri !== null;
    if (!valid) {
      send(response, 400, { error: 'invalid_request' });
      return;
    }
    const code = token('TG-code');
    codes.set(code, {
      sellerId: standIn.seller.id,
      challenge: params.get('code_challenge')!,
      redirectUri: redirectUri!,
      used: false,
    });
    standIn.codes.push(code);
    const back = new URL(redirectUri!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', params.get('state')!);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  async function createPreference(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const grant = grantOf(request);
    if (grant === undefined) {
      send(response, 401, { message: 'invalid access token' });
      return;
    }
    const body = (await readBody(request)) as unknown as PreferenceBody;
    const id = `${grant.sellerId}-${randomUUID()}`;
    standIn.preferences.push({ id, sellerId: grant.sellerId, body });
    send(response, 201, {
      id,
      init_point: `${standIn.url}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`,
      sandbox_init_point: `${standIn.url}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`,
      collector_id: Number(grant.sellerId),
      ...body,
    });
  }

  /** The buyer "pays" and comes back, as Checkout Pro does with auto_return; the webhook goes out meanwhile. */
  async function checkout(url: URL, response: ServerResponse): Promise<void> {
    const preference = standIn.preferences.find(
      (candidate) => candidate.id === url.searchParams.get('pref_id'),
    );
    if (preference === undefined) {
      send(response, 404, { message: 'preference not found' });
      return;
    }
    // A test may pick the outcome in the URL (`&status=rejected`), as a buyer picks a card that fails.
    const payment = standIn.pay(preference.id, url.searchParams.get('status') ?? standIn.nextPaymentStatus);
    await standIn.notify(payment.id).catch(() => 0);
    const { back_urls: backUrls } = preference.body;
    const target =
      payment.status === 'approved'
        ? backUrls.success
        : payment.status === 'rejected'
          ? backUrls.failure
          : backUrls.pending;
    const back = new URL(target);
    back.searchParams.set('collection_id', payment.id);
    back.searchParams.set('collection_status', payment.status);
    back.searchParams.set('payment_id', payment.id);
    back.searchParams.set('status', payment.status);
    back.searchParams.set('external_reference', payment.external_reference);
    back.searchParams.set('preference_id', preference.id);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method} ${url.pathname}`;
    const handle = async () => {
      if (standIn.failNext !== null && route !== 'GET /authorization') {
        const status = standIn.failNext;
        standIn.failNext = null;
        return send(response, status, { message: 'service unavailable' });
      }
      if (route === 'GET /authorization') return authorization(url, response);
      if (route === 'POST /oauth/token') return oauthToken(request, response);
      if (route === 'GET /users/me') {
        const grant = grantOf(request);
        if (grant === undefined) return send(response, 401, { message: 'invalid access token' });
        return send(response, 200, {
          id: Number(grant.sellerId),
          nickname: nicknames.get(grant.sellerId) ?? '',
        });
      }
      if (route === 'POST /checkout/preferences') return createPreference(request, response);
      if (route === 'GET /checkout/v1/redirect') return checkout(url, response);
      const payment = /^GET \/v1\/payments\/(\d+)$/.exec(route);
      if (payment !== null) {
        const grant = grantOf(request);
        if (grant === undefined) return send(response, 401, { message: 'invalid access token' });
        const found = standIn.payments.get(payment[1]!);
        if (found === undefined || found.collector_id !== grant.sellerId) {
          return send(response, 404, { message: 'Payment not found' });
        }
        return send(response, 200, { ...found, id: Number(found.id) });
      }
      return send(response, 404, { message: 'not found' });
    };
    handle().catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const nicknames = new Map<string, string>();

  const standIn: MercadoPagoStandIn = {
    url,
    env: {
      MERCADOPAGO_CLIENT_ID: STAND_IN_CLIENT_ID,
      MERCADOPAGO_CLIENT_SECRET: STAND_IN_CLIENT_SECRET,
      MERCADOPAGO_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      MERCADOPAGO_AUTH_URL: url,
      MERCADOPAGO_API_URL: url,
    },
    get seller() {
      return currentSeller;
    },
    set seller(seller: StandInSeller) {
      currentSeller = seller;
      nicknames.set(seller.id, seller.nickname);
    },
    tokenLifetimeSeconds: 15_552_000,
    nextPaymentStatus: 'approved',
    failNext: null,
    preferences: [],
    payments: new Map(),
    tokenRequests: [],
    codes: [],
    isValidToken: (accessToken) =>
      grants.some((grant) => grant.accessToken === accessToken && grant.expiresAt > Date.now()),
    pay(preferenceId, status) {
      const preference = standIn.preferences.find((candidate) => candidate.id === preferenceId);
      if (preference === undefined) throw new Error(`No preference ${preferenceId}`);
      paymentSeq += 1;
      const payment: StandInPayment = {
        id: String(paymentSeq),
        status,
        external_reference: preference.body.external_reference,
        collector_id: preference.sellerId,
        transaction_amount: preference.body.items.reduce(
          (sum, item) => sum + item.quantity * item.unit_price,
          0,
        ),
        currency_id: preference.body.items[0]?.currency_id ?? 'ARS',
      };
      standIn.payments.set(payment.id, payment);
      return payment;
    },
    async notify(paymentId, notifyOptions = {}) {
      const payment = standIn.payments.get(paymentId);
      if (payment === undefined) throw new Error(`No payment ${paymentId}`);
      const preference = standIn.preferences.find(
        (candidate) => candidate.body.external_reference === payment.external_reference,
      );
      const target = new URL(notifyOptions.to ?? preference!.body.notification_url);
      target.searchParams.set('data.id', paymentId);
      target.searchParams.set('type', 'payment');
      const requestId = randomUUID();
      const ts = String(notifyOptions.ts ?? Math.floor(Date.now() / 1000));
      const v1 = signManifest(
        notifyOptions.secret ?? STAND_IN_WEBHOOK_SECRET,
        signatureManifest({ dataId: paymentId, requestId, ts }),
      );
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': `ts=${ts},v1=${v1}`,
          'x-request-id': requestId,
        },
        body: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: paymentId },
          date_created: new Date().toISOString(),
          id: paymentSeq,
          live_mode: false,
          type: 'payment',
          user_id: Number(payment.collector_id),
        }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  let currentSeller: StandInSeller = { id: '202809963', nickname: 'TESTVENDEDOR' };
  nicknames.set(currentSeller.id, currentSeller.nickname);
  return standIn;
}
