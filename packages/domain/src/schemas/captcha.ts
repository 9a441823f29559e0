import { z } from 'zod';

/**
 * What the captcha widget hands the form (an ALTCHA payload or a reCAPTCHA token). Optional here: whether it is
 * required depends on the server's CAPTCHA_PROVIDER, and a missing one gets the captcha's own message.
 */
export const captchaToken = z.string().max(20_000).optional();

/** Where a captcha is asked for; reCAPTCHA v3 tokens carry it as their action. */
export const CAPTCHA_ACTIONS = ['signup', 'reset', 'resend', 'report', 'publication', 'assistant'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'off'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** What a page needs to show the widget (GET /api/captcha). */
export type CaptchaSettings = { provider: CaptchaProvider; siteKey: string | null };
