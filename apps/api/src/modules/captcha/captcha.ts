import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaAction, CaptchaSettings } from '@eco/domain';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { createAltcha, type Altcha } from './altcha.ts';
import { CAPTCHA_NOT_USED_MESSAGE } from './messages.ts';
import { createRecaptcha } from './recaptcha.ts';

export type CaptchaOptions = {
  db: DB;
  config: Pick<Config, 'captcha' | 'secretKey'>;
  log: FastifyBaseLogger;
  /** Tests swap in an ALTCHA with another clock or complexity. */
  altcha?: Altcha;
};

/** The human verification of the configured provider: ALTCHA (default), reCAPTCHA v3, or none. */
export function createCaptcha({ db, config, log, altcha: givenAltcha }: CaptchaOptions) {
  const { provider, recaptcha: recaptchaConfig } = config.captcha;
  const altcha =
    provider === 'altcha' ? (givenAltcha ?? createAltcha({ db, secret: config.secretKey })) : null;
  const recaptcha =
    provider === 'recaptcha' && recaptchaConfig !== null
      ? createRecaptcha({ ...recaptchaConfig, log })
      : null;

  async function verify(token: string | undefined, action: CaptchaAction, remoteIp: string): Promise<void> {
    if (altcha !== null) await altcha.verify(token);
    else if (recaptcha !== null) await recaptcha.verify(token, action, remoteIp);
  }

  return {
    settings: {
      provider,
      siteKey: recaptchaConfig?.siteKey ?? null,
    } satisfies CaptchaSettings as CaptchaSettings,

    /** A new ALTCHA challenge; 404 when the site uses another provider. */
    async challenge() {
      if (altcha === null) throw new HttpError(404, CAPTCHA_NOT_USED_MESSAGE);
      return altcha.challenge();
    },

    /** Throws the provider's Spanish 400 unless the token proves a person; does nothing when the captcha is off. */
    require: verify,

    /** The captcha as a signal (the publication form): true passed, false failed, null off or none given. */
    async check(token: string | undefined, action: CaptchaAction, remoteIp: string): Promise<boolean | null> {
      if (provider === 'off' || token === undefined || token.trim() === '') return null;
      try {
        await verify(token, action, remoteIp);
        return true;
      } catch (error) {
        if (error instanceof HttpError) return false;
        throw error;
      }
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
