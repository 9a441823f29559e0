import { HUMAN_CHECK_REQUIRED, HUMAN_GRANT_LIFETIME_MS, type BotMessageData } from '@eco/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import type { Captcha } from '../captcha/captcha.ts';
import { CAPTCHA_EXPIRED_MESSAGE, CAPTCHA_INVALID_MESSAGE } from '../captcha/messages.ts';
import { checkHumanGrant, signHumanGrant } from './human-grant.ts';

/** A 400 whose `code` tells the page to solve a new captcha (or, without JavaScript, to sign in). */
export class HumanCheckError extends HttpError {
  readonly code = HUMAN_CHECK_REQUIRED;

  constructor(message: string, options?: { cause?: unknown }) {
    super(400, message, options);
  }
}

export type HumanCheckOptions = {
  captcha: Captcha;
  secretKey: string;
  /** The clock of the grants (tests make old ones). */
  now?: () => number;
};

/**
 * The human verification of guests on the assistant. Members pass; so does everybody when CAPTCHA_PROVIDER=off.
 * A guest sends either a current grant, or a captcha solution (checked by the captcha module, replays included),
 * which earns a new grant. Returns the grant to hand back, if one was minted.
 */
export function createHumanCheck({ captcha, secretKey, now = Date.now }: HumanCheckOptions) {
  return async function humanCheck(
    request: FastifyRequest<{ Body: BotMessageData }>,
  ): Promise<string | undefined> {
    if (captcha.settings.provider === 'off') return undefined;
    if ((await request.getSession()) !== null) return undefined;
    const { captcha: solution, humanToken } = request.body;
    let grant: ReturnType<typeof checkHumanGrant> | null = null;
    if (humanToken !== undefined && humanToken.trim() !== '') {
      grant = checkHumanGrant(secretKey, humanToken, now());
      if (grant === 'valid') return undefined;
    }
    // A grant that no longer serves may come with a fresh solution (the page re-verified): that one decides.
    if (grant !== null && (solution === undefined || solution.trim() === '')) {
      throw new HumanCheckError(grant === 'expired' ? CAPTCHA_EXPIRED_MESSAGE : CAPTCHA_INVALID_MESSAGE);
    }
    try {
      await captcha.require(solution, 'assistant', request.ip);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) {
        throw new HumanCheckError(error.message, { cause: error });
      }
      throw error;
    }
    return signHumanGrant(secretKey, new Date(now() + HUMAN_GRANT_LIFETIME_MS));
  };
}
