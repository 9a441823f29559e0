import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/modules/deals/secret-box.ts';
import { AUTHORIZATION_LIFETIME_MS } from '../src/modules/deals/seller-accounts.ts';
import {
  authorize,
  connectSeller,
  credentials,
  insertSaleItem,
  startAuthorization,
} from './helpers/deals.ts';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from './helpers/mercadopago-stand-in.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const INVALID =
  'La autorización de Mercado Pago no es válida o ya fue usada. Vuelve a conectar tu cuenta desde Configuración.';
const EXPIRED = 'La autorización de Mercado Pago venció. Vuelve a conectar tu cuenta desde Configuración.';
const SECRET_KEY = 'a-test-secret-key-of-at-least-thirty-two-characters';

describe('seller account: Mercado Pago OAuth with PKCE', () => {
  let standIn: MercadoPagoStandIn;
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    standIn = await startMercadoPagoStandIn();
    subject = await createTestApp({ env: { ...standIn.env, SECRET_KEY } });
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject?.dispose();
    await standIn?.close();
  });

  const post = (who: keyof Actors | 'guest', payload: unknown) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/seller/credentials',
      headers: who === 'guest' ? {} : actors[who].headers,
      payload: payload as Record<string, string>,
    });

  it('answers the authorization page with state, PKCE S256 and the redirect URI', async () => {
    const started = await startAuthorization(subject.app, actors.author);
    const url = new URL(started.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: standIn.env.MERCADOPAGO_CLIENT_ID,
      response_type: 'code',
      platform_id: 'mp',
      state: started.marketplaceRandomValidationId,
      redirect_uri: 'http://localhost:3000/dashboard/settings/mercadopago',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    expect(started.marketplaceRedirectURI).toBe('http://localhost:3000/dashboard/settings/mercadopago');
    // Only a digest of the state is kept, and the verifier is sealed.
    const rows = await subject.database.db.selectFrom('seller_authorizations').selectAll().execute();
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain(started.marketplaceRandomValidationId);
    expect(rows.every((row) => row.code_verifier.startsWith('v1:'))).toBe(true);
  });

  it('connects, keeps the tokens encrypted, and /me tells it without tokens', async () => {
    standIn.seller = { id: '301', nickname: 'ANA.VENDE' };
    const started = await startAuthorization(subject.app, actors.author);
    const { code, state } = await authorize(started.authorizationUrl);
    const response = await post('author', credentials(code, state, started.marketplaceRedirectURI));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sellerAccount: { nickname: 'ANA.VENDE', connectedAt: expect.any(String) },
    });

    const row = await subject.database.db
      .selectFrom('seller_accounts')
      .selectAll()
      .where('user_id', '=', actors.author.id)
      .executeTakeFirstOrThrow();
    const raw = JSON.stringify(row);
    // Neither token appears in clear anywhere in the row; both open with the key, for this user only.
    const box = createSecretBox(SECRET_KEY);
    const access = box.open(row.access_token, actors.author.id);
    const refresh = box.open(row.refresh_token, actors.author.id);
    expect(standIn.isValidToken(access)).toBe(true);
    expect(refresh).toMatch(/^TG-/);
    expect(raw).not.toContain(access);
    expect(raw).not.toContain(refresh);
    expect(raw).not.toContain('APP_USR');
    expect(() => box.open(row.access_token, actors.other.id)).toThrow();
    expect(() => createSecretBox(`${SECRET_KEY}x`).open(row.access_token, actors.author.id)).toThrow();
    expect(row.marketplace_user_id).toBe('301');

    const me = await subject.app.inject({ method: 'GET', url: '/api/me', headers: actors.author.headers });
    expect(me.json()).toMatchObject({
      onlinePayments: true,
      sellerAccount: { nickname: 'ANA.VENDE', connectedAt: row.connected_at },
    });
    expect(me.body).not.toContain(access);
    expect(me.body).not.toContain('token');
  });

  it('refuses a state twice, another user’s state, an unknown one and an expired one', async () => {
    standIn.seller = { id: '302', nickname: 'OTRO.VENDE' };
    const started = await startAuthorization(subject.app, actors.other);
    const { code, state } = await authorize(started.authorizationUrl);

    // Another user's state: refused, and it stays usable by its owner.
    expect(
      (await post('author', credentials(code, state, started.marketplaceRedirectURI))).json(),
    ).toMatchObject({
      statusCode: 400,
      message: INVALID,
    });
    expect((await post('other', credentials(code, state, started.marketplaceRedirectURI))).statusCode).toBe(
      200,
    );
    // Used.
    expect(
      (await post('other', credentials(code, state, started.marketplaceRedirectURI))).json(),
    ).toMatchObject({
      statusCode: 400,
      message: INVALID,
    });
    // Unknown.
    expect(
      (await post('other', credentials(code, 'made-up-state', started.marketplaceRedirectURI))).json(),
    ).toMatchObject({
      statusCode: 400,
      message: INVALID,
    });

    // Expired: the authorization is older than 10 minutes.
    const late = await startAuthorization(subject.app, actors.other);
    const lateGrant = await authorize(late.authorizationUrl);
    await subject.database.db
      .updateTable('seller_authorizations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', actors.other.id)
      .execute();
    expect(
      (await post('other', credentials(lateGrant.code, lateGrant.state, late.marketplaceRedirectURI))).json(),
    ).toMatchObject({ statusCode: 400, message: EXPIRED });
    expect(AUTHORIZATION_LIFETIME_MS).toBe(600_000);
  });

  it('refuses another redirect URI and a code Mercado Pago does not accept', async () => {
    const started = await startAuthorization(subject.app, actors.superUser);
    const { code, state } = await authorize(started.authorizationUrl);
    const wrongUri = await post('superUser', credentials(code, state, 'https://elsewhere.example/back'));
    expect(wrongUri.statusCode).toBe(400);

    const again = await startAuthorization(subject.app, actors.superUser);
    const grant = await authorize(again.authorizationUrl);
    const refused = await post(
      'superUser',
      credentials('TG-not-a-code', grant.state, again.marketplaceRedirectURI),
    );
    expect(refused.json()).toMatchObject({
      statusCode: 400,
      message: 'Mercado Pago no aceptó la autorización. Vuelve a conectar tu cuenta desde Configuración.',
    });
  });

  it('refreshes a token about to expire before using it, once', async () => {
    const db = subject.database.db;
    await connectSeller(subject.app, actors.superUser, standIn, { id: '777', nickname: 'SUPER' });
    const before = await db
      .selectFrom('seller_accounts')
      .selectAll()
      .where('user_id', '=', actors.superUser.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('seller_accounts')
      .set({ token_expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('user_id', '=', actors.superUser.id)
      .execute();
    const refreshesBefore = standIn.tokenRequests.filter((grant) => grant === 'refresh_token').length;
    const item = await insertSaleItem(db, actors.superUser.id);
    const order = await subject.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: actors.other.headers,
      payload: { publicationId: item },
    });
    expect(order.statusCode).toBe(201);
    expect(standIn.tokenRequests.filter((grant) => grant === 'refresh_token').length).toBe(
      refreshesBefore + 1,
    );
    const after = await db
      .selectFrom('seller_accounts')
      .selectAll()
      .where('user_id', '=', actors.superUser.id)
      .executeTakeFirstOrThrow();
    const box = createSecretBox(SECRET_KEY);
    expect(box.open(after.access_token, after.user_id)).not.toBe(
      box.open(before.access_token, before.user_id),
    );
    expect(standIn.isValidToken(box.open(after.access_token, after.user_id))).toBe(true);
    expect(Date.parse(after.token_expires_at)).toBeGreaterThan(Date.now() + 100 * 86_400_000);

    // A second order uses the renewed token without refreshing again.
    await subject.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: actors.other.headers,
      payload: { publicationId: item },
    });
    expect(standIn.tokenRequests.filter((grant) => grant === 'refresh_token').length).toBe(
      refreshesBefore + 1,
    );
  });

  it('disconnects: the tokens are gone and /me says so', async () => {
    await connectSeller(subject.app, actors.other, standIn);
    const removed = await subject.app.inject({
      method: 'DELETE',
      url: '/api/seller/credentials',
      headers: actors.other.headers,
    });
    expect(removed.statusCode).toBe(204);
    const row = await subject.database.db
      .selectFrom('seller_accounts')
      .selectAll()
      .where('user_id', '=', actors.other.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const me = await subject.app.inject({ method: 'GET', url: '/api/me', headers: actors.other.headers });
    expect(me.json()).toMatchObject({ sellerAccount: null });
    // Twice is fine.
    const again = await subject.app.inject({
      method: 'DELETE',
      url: '/api/seller/credentials',
      headers: actors.other.headers,
    });
    expect(again.statusCode).toBe(204);
  });

  it('refuses a Mercado Pago account that another member already connected', async () => {
    standIn.seller = { id: '301', nickname: 'ANA.VENDE' };
    const started = await startAuthorization(subject.app, actors.superUser);
    const { code, state } = await authorize(started.authorizationUrl);
    const response = await post('superUser', credentials(code, state, started.marketplaceRedirectURI));
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message:
        'Esa cuenta de Mercado Pago ya está conectada a otro usuario de EcoAnuncios. Conecta otra cuenta o desconéctala allí primero.',
    });
  });

  it('is for signed-in users only', async () => {
    const guestStart = await subject.app.inject({ method: 'GET', url: '/api/seller/authorization' });
    expect(guestStart.statusCode).toBe(401);
    expect((await post('guest', credentials('a', 'b', 'c'))).statusCode).toBe(401);
    const guestDelete = await subject.app.inject({ method: 'DELETE', url: '/api/seller/credentials' });
    expect(guestDelete.statusCode).toBe(401);
  });
});

describe('seller account: online payments not enabled', () => {
  let subject: TestApp;
  let actors: Actors;

  beforeAll(async () => {
    subject = await createTestApp();
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  it('says so, and nothing else breaks', async () => {
    const started = await subject.app.inject({
      method: 'GET',
      url: '/api/seller/authorization',
      headers: actors.author.headers,
    });
    expect(started.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Los pagos en línea no están habilitados en este sitio.',
    });
    const me = await subject.app.inject({ method: 'GET', url: '/api/me', headers: actors.author.headers });
    expect(me.json()).toMatchObject({ onlinePayments: false, sellerAccount: null });
    const item = await insertSaleItem(subject.database.db, actors.author.id);
    const options = await subject.app.inject({ method: 'GET', url: `/api/publication/${item}/purchase` });
    expect(options.json()).toMatchObject({ available: false });
  });
});
