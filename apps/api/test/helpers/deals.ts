import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../src/db/schema.ts';
import type { MercadoPagoStandIn } from './mercadopago-stand-in.ts';
import type { Actor } from './publications.ts';
import { searchStemsOf } from '../../src/modules/publications/search-stems.ts';

export type SellerAuthorization = {
  authorizationUrl: string;
  marketplaceRandomValidationId: string;
  marketplaceRedirectURI: string;
};

export async function startAuthorization(app: FastifyInstance, who: Actor): Promise<SellerAuthorization> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/seller/authorization',
    headers: who.headers,
  });
  if (response.statusCode !== 200)
    throw new Error(`Authorization failed: ${response.statusCode} ${response.body}`);
  return response.json<SellerAuthorization>();
}

/** Visits the stand-in's authorization page as the seller's browser would; answers the code and state it returns. */
export async function authorize(authorizationUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || location === null) throw new Error(`No redirect: ${response.status}`);
  const back = new URL(location);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

export function credentials(code: string, state: string, redirectUri: string) {
  return {
    marketplaceSellerAuthorizationCode: code,
    marketplaceRandomValidationId: state,
    marketplaceRedirectURI: redirectUri,
  };
}

/** The whole connection flow, as the settings page runs it. */
export async function connectSeller(
  app: FastifyInstance,
  who: Actor,
  standIn: MercadoPagoStandIn,
  seller = { id: String(100_000_000 + Math.floor(Math.random() * 899_999_999)), nickname: 'VENDEDORA' },
): Promise<string> {
  standIn.seller = seller;
  const started = await startAuthorization(app, who);
  const { code, state } = await authorize(started.authorizationUrl);
  const response = await app.inject({
    method: 'POST',
    url: '/api/seller/credentials',
    headers: who.headers,
    payload: credentials(code, state, started.marketplaceRedirectURI),
  });
  if (response.statusCode !== 200) throw new Error(`Connect failed: ${response.statusCode} ${response.body}`);
  return seller.id;
}

/** A published market (or courses) publication with a price, inserted directly. */
export async function insertSaleItem(
  db: DB,
  sellerId: string,
  options: {
    typed?: string;
    price?: number | null;
    discountRate?: number | null;
    quantity?: number | null;
    country?: 'arg' | 'col';
    status?: 0 | 1;
    title?: string;
  } = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const country = options.country ?? 'arg';
  await db
    .insertInto('publications')
    .values({
      id,
      typed: options.typed ?? 'market',
      title: options.title ?? 'Jabón artesanal de oliva',
      description: 'Hecho a mano con aceite reciclado.',
      ...searchStemsOf({
        title: options.title ?? 'Jabón artesanal de oliva',
        description: 'Hecho a mano con aceite reciclado.',
        labels: '[]',
      }),
      price: options.price === undefined ? 1000 : options.price,
      discount_rate: options.discountRate ?? null,
      quantity: options.quantity === undefined ? 5 : options.quantity,
      location_country: country,
      location_province: country === 'arg' ? 'cordoba' : 'antioquia',
      status: options.status ?? 1,
      created_by: sellerId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('publication_files')
    .values({ publication_id: id, position: 0, url: '/media/demo/jabon.webp' })
    .execute();
  return id;
}
