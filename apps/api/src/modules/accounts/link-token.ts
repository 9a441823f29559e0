import { randomBytes } from 'node:crypto';
import { hashToken } from '../sessions/service.ts';

/** The secret of an e-mailed link (256 random bits, URL-safe) and the digest that is stored instead of it. */
export function createLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export { hashToken };
