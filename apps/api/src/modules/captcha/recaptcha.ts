import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import {
  CAPTCHA_INVALID_MESSAGE,
  CAPTCHA_LOW_SCORE_MESSAGE,
  CAPTCHA_MISSING_MESSAGE,
  CAPTCHA_UNAVAILABLE_MESSAGE,
} from './messages.ts';

// reCAPTCHA v3 through its siteverify protocol: a form POST with the secret and the token; the answer says whether
// the token is genuine, for which action, and a score from 0 (a bot) to 1 (a person). Google refuses a token the
// second time, so replays need no guard of ours. Anything unexpected fails closed.

export const RECAPTCHA_TIMEOUT_MS = 5_000;

const answerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export type RecaptchaOptions = {
  secretKey: string;
  minScore: number;
  verifyUrl: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
};

export function createRecaptcha({
  secretKey,
  minScore,
  verifyUrl,
  log,
  timeoutMs = RECAPTCHA_TIMEOUT_MS,
}: RecaptchaOptions) {
  return {
    /** Throws the Spanish 400 unless Google vouches for the token, for this action, above the threshold. */
    async verify(token: string | undefined, action: string, remoteIp: string): Promise<void> {
      if (token === undefined || token.trim() === '') throw new HttpError(400, CAPTCHA_MISSING_MESSAGE);
      let body: unknown;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: secretKey, response: token.trim(), remoteip: remoteIp }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        log.warn({ err: error }, 'reCAPTCHA siteverify failed; the request is refused');
        throw new HttpError(400, CAPTCHA_UNAVAILABLE_MESSAGE, { cause: error });
      }
      const answer = answerSchema.safeParse(body);
      if (!answer.success) {
        log.warn({ body }, 'reCAPTCHA siteverify answered something unexpected; the request is refused');
        throw new HttpError(400, CAPTCHA_UNAVAILABLE_MESSAGE);
      }
      const { success, score, action: tokenAction } = answer.data;
      if (!success || tokenAction !== action) throw new HttpError(400, CAPTCHA_INVALID_MESSAGE);
      if (score === undefined || score < minScore) throw new HttpError(400, CAPTCHA_LOW_SCORE_MESSAGE);
    },
  };
}

export type Recaptcha = ReturnType<typeof createRecaptcha>;
