import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { MercadoPagoConfig } from '../../config.ts';

// Mercado Pago's documented REST API (OAuth, Checkout Pro preferences, payments), spoken with fetch: the official
// SDK has no configurable base URL, and the tests talk to a loopback stand-in (test/helpers/mercadopago-stand-in.ts).

const TIMEOUT_MS = 10_000;

/** A failed call to Mercado Pago: `status` 0 when it could not be reached. */
export class MercadoPagoError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'MercadoPagoError';
    this.status = status;
    this.body = body;
  }
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
  user_id: z.union([z.number(), z.string()]).transform(String),
});
export type MercadoPagoTokens = z.output<typeof tokenSchema>;

const userSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  nickname: z.string(),
});

const preferenceSchema = z.object({ id: z.string(), init_point: z.string().url() });
export type Preference = z.output<typeof preferenceSchema>;

const paymentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  external_reference: z.string().nullable().optional(),
});
export type Payment = z.output<typeof paymentSchema>;

export type PreferenceRequest = {
  items: {
    id: string;
    title: string;
    quantity: number;
    unit_price: number;
    currency_id: string;
    picture_url?: string;
  }[];
  marketplace_fee: number;
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  auto_return: 'approved';
  notification_url: string;
};

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const AUTH_HOSTS: Record<string, string> = {
  arg: 'https://auth.mercadopago.com.ar',
  col: 'https://auth.mercadopago.com.co',
};

export function createMercadoPagoClient(config: MercadoPagoConfig) {
  async function call<T>(
    schema: z.ZodType<T>,
    path: string,
    init: { method?: 'GET' | 'POST'; token?: string; body?: unknown; form?: Record<string, string> },
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new MercadoPagoError(`Mercado Pago unreachable: ${String(error)}`, 0);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = text;
    }
    if (!response.ok)
      throw new MercadoPagoError(`Mercado Pago answered ${response.status}`, response.status, json);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new MercadoPagoError('Unexpected Mercado Pago answer', response.status, json);
    return parsed.data;
  }

  return {
    /** The page where the seller authorizes the application (their country's host unless configured). */
    authorizationUrl(options: {
      country: string | null;
      state: string;
      redirectUri: string;
      challenge: string;
    }) {
      const base = config.authUrl ?? AUTH_HOSTS[options.country ?? ''] ?? AUTH_HOSTS.arg;
      const url = new URL(`${base}/authorization`);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        response_type: 'code',
        platform_id: 'mp',
        state: options.state,
        redirect_uri: options.redirectUri,
        code_challenge: options.challenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    exchangeCode(options: { code: string; redirectUri: string; verifier: string }) {
      return call(tokenSchema, '/oauth/token', {
        method: 'POST',
        form: {
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: 'authorization_code',
          code: options.code,
          redirect_uri: options.redirectUri,
          code_verifier: options.verifier,
        },
      });
    },

    refresh(refreshToken: string) {
      return call(tokenSchema, '/oauth/token', {
        method: 'POST',
        form: {
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        },
      });
    },

    me(token: string) {
      return call(userSchema, '/users/me', { token });
    },

    createPreference(token: string, preference: PreferenceRequest) {
      return call(preferenceSchema, '/checkout/preferences', { method: 'POST', token, body: preference });
    },

    payment(token: string, paymentId: string) {
      return call(paymentSchema, `/v1/payments/${encodeURIComponent(paymentId)}`, { token });
    },
  };
}

export type MercadoPagoClient = ReturnType<typeof createMercadoPagoClient>;
