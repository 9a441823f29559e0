import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

// The token of the one-click unsubscribe link of the notification e-mails: the member's id and an HMAC-SHA256 of it
// under a key derived from SECRET_KEY. It needs no storage and works without signing in; it only ever turns the
// member's e-mails off, so it does not expire (a link in an old e-mail must keep working, RFC 8058).

const PURPOSE = 'ecoanuncios:email-unsubscribe:v1';

/** The derived key of the last secret: a burst of reminders signs 100,000 links under the same one. */
let derived: { secretKey: string; key: KeyObject } | undefined;

function keyOf(secretKey: string): KeyObject {
  if (derived?.secretKey !== secretKey) {
    // A key of its own per purpose, so that a signature made for something else never passes here.
    derived = { secretKey, key: createSecretKey(createHmac('sha256', secretKey).update(PURPOSE).digest()) };
  }
  return derived.key;
}

function signatureOf(secretKey: string, userId: string): Buffer {
  return createHmac('sha256', keyOf(secretKey)).update(userId).digest();
}

export function createUnsubscribeToken(secretKey: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signatureOf(secretKey, userId).toString('base64url')}`;
}

/** The member's id when the token is one of ours; null for anything else. */
export function readUnsubscribeToken(secretKey: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return null;
  const userId = Buffer.from(match[1] ?? '', 'base64url').toString();
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = signatureOf(secretKey, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
