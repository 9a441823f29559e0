import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SellerAccount } from '@eco/domain';
import type { MercadoPagoConfig } from '../../config.ts';
import type { DB, SellerAccountRow } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import {
  createPkcePair,
  MercadoPagoError,
  type MercadoPagoClient,
  type MercadoPagoTokens,
} from './mercadopago-client.ts';
import {
  ACCOUNT_TAKEN_MESSAGE,
  AUTHORIZATION_EXPIRED_MESSAGE,
  AUTHORIZATION_INVALID_MESSAGE,
  CODE_REFUSED_MESSAGE,
  MERCADOPAGO_UNAVAILABLE_MESSAGE,
  PAYMENTS_DISABLED_MESSAGE,
  REDIRECT_MISMATCH_MESSAGE,
} from './messages.ts';
import type { SecretBox } from './secret-box.ts';
import { sellerAccountOf } from './seller-account-of.ts';

/** How long a started authorization may be completed. */
export const AUTHORIZATION_LIFETIME_MS = 10 * 60_000;
/** Tokens are renewed this long before they expire (Mercado Pago's last 180 days). */
export const REFRESH_MARGIN_MS = 24 * 3_600_000;
/** Where Mercado Pago sends the seller back: a page of the site that posts the code to the API. */
export const SELLER_REDIRECT_PATH = '/dashboard/settings/mercadopago';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export type Payments = { config: MercadoPagoConfig; client: MercadoPagoClient };

export type SellerAccountsDeps = {
  db: DB;
  payments: Payments | null;
  box: SecretBox;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/** A Mercado Pago failure as the client should read it: its refusal (4xx) or its absence (502). */
export function mercadoPagoFailure(error: unknown, refused: string, log: FastifyBaseLogger): HttpError {
  if (error instanceof MercadoPagoError && error.status >= 400 && error.status < 500) {
    log.warn({ status: error.status, body: error.body }, 'Mercado Pago refused a request');
    return new HttpError(400, refused, { cause: error });
  }
  log.error({ err: error }, 'Mercado Pago unavailable');
  return new HttpError(502, MERCADOPAGO_UNAVAILABLE_MESSAGE, { cause: error });
}

export function createSellerAccounts({ db, payments, box, publicUrl, log }: SellerAccountsDeps) {
  function enabled(): Payments {
    // Not a server failure: the site simply offers no online payments (the routes answer as if absent).
    if (payments === null) throw new HttpError(404, PAYMENTS_DISABLED_MESSAGE);
    return payments;
  }

  const redirectUri = `${publicUrl}${SELLER_REDIRECT_PATH}`;

  function sealTokens(userId: string, tokens: MercadoPagoTokens, now: Date) {
    return {
      access_token: box.seal(tokens.access_token, userId),
      refresh_token: box.seal(tokens.refresh_token, userId),
      token_expires_at: new Date(now.getTime() + tokens.expires_in * 1000).toISOString(),
      updated_at: now.toISOString(),
    };
  }

  /**
   * Renews the token with the refresh token. Several processes may try at once: only the one that still sees the
   * refresh token it used writes; the others read the winner's token.
   */
  async function refresh(row: SellerAccountRow): Promise<string> {
    const { client } = enabled();
    let tokens: MercadoPagoTokens;
    try {
      tokens = await client.refresh(box.open(row.refresh_token, row.user_id));
    } catch (error) {
      if (error instanceof MercadoPagoError && error.status >= 400 && error.status < 500) {
        // The seller revoked the application (or the grant is gone): the account can no longer take payments.
        log.warn(
          { userId: row.user_id, status: error.status },
          'Mercado Pago refresh refused; account forgotten',
        );
        await db.deleteFrom('seller_accounts').where('user_id', '=', row.user_id).execute();
        throw new SellerDisconnectedError();
      }
      const expired = Date.parse(row.token_expires_at) <= Date.now();
      if (expired) throw mercadoPagoFailure(error, MERCADOPAGO_UNAVAILABLE_MESSAGE, log);
      // Still valid for a while: use it and try again next time.
      log.warn(
        { err: error, userId: row.user_id },
        'Mercado Pago token refresh failed; using the current token',
      );
      return box.open(row.access_token, row.user_id);
    }
    const result = await db
      .updateTable('seller_accounts')
      .set(sealTokens(row.user_id, tokens, new Date()))
      .where('user_id', '=', row.user_id)
      .where('refresh_token', '=', row.refresh_token)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      log.info({ userId: row.user_id }, 'Mercado Pago token refreshed');
      return tokens.access_token;
    }
    const current = await findAccount(row.user_id);
    if (current === undefined) throw new SellerDisconnectedError();
    return box.open(current.access_token, current.user_id);
  }

  async function findByMarketplaceUser(marketplaceUserId: string): Promise<SellerAccountRow | undefined> {
    return db
      .selectFrom('seller_accounts')
      .selectAll()
      .where('marketplace_user_id', '=', marketplaceUserId)
      .executeTakeFirst();
  }

  async function findAccount(userId: string): Promise<SellerAccountRow | undefined> {
    return db.selectFrom('seller_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  return {
    redirectUri,
    /** The configuration and client, or 404 when online payments are not enabled. */
    payments: enabled,

    /** GET /seller/authorization: a fresh state and PKCE pair, and the page to send the seller to. */
    async start(userId: string, country: string | null) {
      const { client } = enabled();
      const state = randomBytes(32).toString('base64url');
      const { verifier, challenge } = createPkcePair();
      const now = new Date();
      await db.deleteFrom('seller_authorizations').where('expires_at', '<', now.toISOString()).execute();
      await db
        .insertInto('seller_authorizations')
        .values({
          state_hash: hashState(state),
          user_id: userId,
          code_verifier: box.seal(verifier, userId),
          redirect_uri: redirectUri,
          expires_at: new Date(now.getTime() + AUTHORIZATION_LIFETIME_MS).toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
      return {
        authorizationUrl: client.authorizationUrl({ country, state, redirectUri, challenge }),
        marketplaceRandomValidationId: state,
        marketplaceRedirectURI: redirectUri,
      };
    },

    /** POST /seller/credentials: checks and spends the state, exchanges the code, keeps the tokens sealed. */
    async connect(
      userId: string,
      body: {
        marketplaceSellerAuthorizationCode: string;
        marketplaceRandomValidationId: string;
        marketplaceRedirectURI: string;
      },
    ): Promise<SellerAccount> {
      const { client } = enabled();
      // Deleting is what spends the state: of two concurrent requests only one gets the row back.
      const authorization = await db
        .deleteFrom('seller_authorizations')
        .where('state_hash', '=', hashState(body.marketplaceRandomValidationId))
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (authorization === undefined) throw new HttpError(400, AUTHORIZATION_INVALID_MESSAGE);
      if (Date.parse(authorization.expires_at) <= Date.now()) {
        throw new HttpError(400, AUTHORIZATION_EXPIRED_MESSAGE);
      }
      if (authorization.redirect_uri !== body.marketplaceRedirectURI) {
        throw new HttpError(400, REDIRECT_MISMATCH_MESSAGE);
      }

      let tokens: MercadoPagoTokens;
      let nickname: string | null = null;
      try {
        tokens = await client.exchangeCode({
          code: body.marketplaceSellerAuthorizationCode,
          redirectUri: authorization.redirect_uri,
          verifier: box.open(authorization.code_verifier, userId),
        });
      } catch (error) {
        throw mercadoPagoFailure(error, CODE_REFUSED_MESSAGE, log);
      }
      try {
        nickname = (await client.me(tokens.access_token)).nickname;
      } catch (error) {
        // The nickname is only shown; the account works without it.
        log.warn({ err: error }, 'Could not read the Mercado Pago nickname');
      }

      const now = new Date();
      const row = {
        user_id: userId,
        marketplace_user_id: tokens.user_id,
        nickname,
        ...sealTokens(userId, tokens, now),
        connected_at: now.toISOString(),
      };
      const holder = await findByMarketplaceUser(tokens.user_id);
      if (holder !== undefined && holder.user_id !== userId) throw new HttpError(409, ACCOUNT_TAKEN_MESSAGE);
      try {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('seller_accounts').where('user_id', '=', userId).execute();
          await trx.insertInto('seller_accounts').values(row).execute();
        });
      } catch (error) {
        // The unique index: another member connected the same account meanwhile.
        if ((await findByMarketplaceUser(tokens.user_id)) !== undefined) {
          throw new HttpError(409, ACCOUNT_TAKEN_MESSAGE, { cause: error });
        }
        throw error;
      }
      log.info({ userId, marketplaceUserId: tokens.user_id }, 'Mercado Pago account connected');
      return { nickname, connectedAt: row.connected_at };
    },

    async disconnect(userId: string): Promise<void> {
      const result = await db.deleteFrom('seller_accounts').where('user_id', '=', userId).executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) log.info({ userId }, 'Mercado Pago account disconnected');
    },

    async isConnected(userId: string): Promise<boolean> {
      return payments !== null && (await sellerAccountOf(db, userId)) !== null;
    },

    findAccount,

    findByMarketplaceUser,

    /** A usable access token of the account, renewed first when it is about to expire. */
    async accessToken(row: SellerAccountRow): Promise<string> {
      if (Date.parse(row.token_expires_at) - Date.now() > REFRESH_MARGIN_MS) {
        return box.open(row.access_token, row.user_id);
      }
      return refresh(row);
    },
  };
}

/** The seller's account is gone (disconnected, or Mercado Pago revoked it) while it was being used. */
export class SellerDisconnectedError extends Error {
  constructor() {
    super('Seller account disconnected');
    this.name = 'SellerDisconnectedError';
  }
}

export type SellerAccounts = ReturnType<typeof createSellerAccounts>;
