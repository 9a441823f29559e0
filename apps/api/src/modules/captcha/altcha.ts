import { createHash, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import {
  CAPTCHA_EXPIRED_MESSAGE,
  CAPTCHA_INVALID_MESSAGE,
  CAPTCHA_MISSING_MESSAGE,
  CAPTCHA_REPLAYED_MESSAGE,
} from './messages.ts';
import { recordSolution } from './repository.ts';

// The self-hosted proof of work (ALTCHA v2, deterministic mode): the server picks the counter the client must find
// and signs the key it derives, so checking a solution costs one HMAC instead of repeating the work.

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** PBKDF2 iterations per attempt, and the range of the counter to find: the default complexity (decision 012). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_COST = 1_000;
export const ALTCHA_COUNTER = { min: 50, max: 300 } as const;

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(50),
        nonce: z.string().max(200),
        salt: z.string().max(200),
        cost: z.number().int().positive().max(10_000_000),
        keyLength: z.number().int().positive().max(256),
        keyPrefix: z.string().max(600),
        keySignature: z.string().max(600).optional(),
        expiresAt: z.number().optional(),
      })
      .loose(),
    signature: z.string().max(600).optional(),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(1200),
    time: z.number().optional(),
  }),
});

function parsePayload(token: string): z.infer<typeof payloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type AltchaOptions = {
  db: DB;
  /** SECRET_KEY: signs the challenges and, through a derived secret, the keys. */
  secret: string;
  /** The clock of new challenges (tests make expired ones). */
  now?: () => number;
  counter?: { min: number; max: number };
};

export function createAltcha({ db, secret, now = Date.now, counter = ALTCHA_COUNTER }: AltchaOptions) {
  // Two secrets from one: the challenge's signature and the derived keys' signature must not share a key.
  const hmacSignatureSecret = createHash('sha256').update(`altcha-challenge:${secret}`).digest('hex');
  const hmacKeySignatureSecret = createHash('sha256').update(`altcha-key:${secret}`).digest('hex');

  return {
    async challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: ALTCHA_COST,
        counter: randomInt(counter.min, counter.max + 1),
        deriveKey,
        expiresAt: new Date(now() + CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /** Throws the Spanish 400 for a payload that is missing, wrong, expired or already used. */
    async verify(token: string | undefined): Promise<void> {
      if (token === undefined || token.trim() === '') throw new HttpError(400, CAPTCHA_MISSING_MESSAGE);
      const payload = parsePayload(token.trim());
      if (payload === null || payload.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) {
        throw new HttpError(400, CAPTCHA_INVALID_MESSAGE);
      }
      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        throw new HttpError(400, CAPTCHA_INVALID_MESSAGE);
      }
      if (result.expired) throw new HttpError(400, CAPTCHA_EXPIRED_MESSAGE);
      if (!result.verified) throw new HttpError(400, CAPTCHA_INVALID_MESSAGE);
      // The nonce is random per challenge and covered by the signature: it names the challenge.
      const expiresAt = payload.challenge.parameters.expiresAt;
      const until = new Date(
        expiresAt === undefined ? Date.now() + CHALLENGE_LIFETIME_MS : expiresAt * 1000,
      ).toISOString();
      const first = await recordSolution(db, payload.challenge.parameters.nonce, until);
      if (!first) throw new HttpError(400, CAPTCHA_REPLAYED_MESSAGE);
    },
  };
}

export type Altcha = ReturnType<typeof createAltcha>;
