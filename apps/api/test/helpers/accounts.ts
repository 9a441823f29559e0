import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE_NAME } from '@eco/domain';
import type { DB } from '../../src/db/schema.ts';
import type { Mailer, MailMessage } from '../../src/modules/mail/mailer.ts';
import { hashPassword } from '../../src/modules/users/password.ts';

/** The public address of a test app (PUBLIC_URL's default for the default port). */
export const PUBLIC_URL = 'http://localhost:3000';

export type RecordingMailer = Mailer & { sent: MailMessage[] };

/**
 * Keeps every message instead of sending it. The API hands a message over before it answers, so once a request
 * has been answered, `sent` holds everything it was going to send: a test can assert that nothing was sent.
 */
export function recordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
    },
    close: async () => undefined,
  };
}

export type AccountState = 'active' | 'pending' | 'disabled';

export type TestUser = { id: string; email: string; name: string; password: string };

/** Inserts an account directly, with a real argon2id hash of `password`. */
export async function insertUser(
  db: DB,
  options: {
    email: string;
    name?: string;
    password?: string;
    isSuperUser?: boolean;
    state?: AccountState;
    /** ISO instant of the sign-up; now by default. */
    createdAt?: string;
  },
): Promise<TestUser> {
  const id = randomUUID();
  const name = options.name ?? 'Usuaria de Prueba';
  const password = options.password ?? 'clave-secreta';
  const state = options.state ?? 'active';
  const now = options.createdAt ?? new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      email: options.email,
      name,
      password_hash: await hashPassword(password),
      is_super_user: options.isSuperUser === true ? 1 : 0,
      is_active: state === 'active' ? 1 : 0,
      activated_at: state === 'pending' ? null : now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email: options.email, name, password };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/signin', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** How the web app sends a request: the session cookie, from a page of the site. */
export function asBrowser(token: string): {
  cookies: Record<string, string>;
  headers: Record<string, string>;
} {
  return { cookies: { [SESSION_COOKIE_NAME]: token }, headers: { origin: PUBLIC_URL } };
}

/** How an API client sends a request: the Bearer token, no Origin. */
export function asClient(token: string): { headers: Record<string, string> } {
  return { headers: { authorization: `Bearer ${token}` } };
}

/** The token at the end of a link of an e-mail, e.g. `{PUBLIC_URL}/auth/new/{token}`. */
export function tokenOfLink(links: readonly string[], prefix: string): string {
  const link = links.find((candidate) => candidate.startsWith(`${PUBLIC_URL}${prefix}`));
  if (link === undefined) throw new Error(`No ${prefix} link among ${links.join(', ')}`);
  return link.slice(`${PUBLIC_URL}${prefix}`.length);
}

/** Every http(s) address in a plain-text body. */
export function linksOfText(text: string): string[] {
  return (text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
}

/** Waits (without a fixed sleep) until the clock has passed an ISO instant, e.g. a short-lived token's expiry. */
export async function waitUntilPast(isoInstant: string): Promise<void> {
  const instant = new Date(isoInstant).getTime();
  while (Date.now() <= instant) await new Promise((resolve) => setTimeout(resolve, 10));
}

export function errorOf(response: LightMyRequestResponse): { status: number; body: unknown } {
  return { status: response.statusCode, body: response.json() };
}
