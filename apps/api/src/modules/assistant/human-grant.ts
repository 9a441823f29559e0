import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The assistant's "this guest solved a captcha" grant: `v1.<expires, seconds>.<random>.<HMAC-SHA256>` under a key
// derived from SECRET_KEY for this purpose only. It names nobody (no address, no session): it only says that
// whoever holds it proved to be a person a moment ago, so a guest solves one proof of work per conversation
// instead of one per message. It needs no storage, so it holds across processes.

const PURPOSE = 'ecoanuncios:assistant-human-grant:v1';
const GRANT = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(secretKey: string, body: string): Buffer {
  const key = createHmac('sha256', secretKey).update(PURPOSE).digest();
  return createHmac('sha256', key).update(body).digest();
}

/** A grant valid until `expiresAt` (rounded down to the second). */
export function signHumanGrant(secretKey: string, expiresAt: Date): string {
  const body = `v1.${Math.floor(expiresAt.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${signatureOf(secretKey, body).toString('base64url')}`;
}

export type HumanGrantCheck = 'valid' | 'expired' | 'invalid';

/** Whether a grant is ours and still current; an expired one is told apart so the client can say so. */
export function checkHumanGrant(secretKey: string, grant: string, now: number): HumanGrantCheck {
  const match = GRANT.exec(grant.trim());
  if (match === null) return 'invalid';
  const [, seconds = '', nonce = '', signature = ''] = match;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secretKey, `v1.${seconds}.${nonce}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(seconds) * 1000 > now ? 'valid' : 'expired';
}
