import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

type Options = {
  upgradeInsecureRequests: boolean;
  /** CAPTCHA_PROVIDER=recaptcha: Google's script, its frame and its calls are allowed; nothing else changes. */
  recaptcha?: boolean;
};

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

const nonces = new WeakMap<ServerResponse, string>();

const scriptNonce = (_request: IncomingMessage, response: ServerResponse): string =>
  `'nonce-${nonces.get(response) ?? ''}'`;

/**
 * Security headers with a Content-Security-Policy whose script-src carries a fresh nonce per request, exposed as
 * `reply.cspNonce.script` (the shape @fastify/helmet uses). helmet's own `enableCSPNonces` is not used on purpose:
 * it also adds a nonce to style-src, and a nonce there makes browsers ignore 'unsafe-inline', which would block the
 * style attributes Mantine renders.
 */
const plugin: FastifyPluginAsync<Options> = async (app, { upgradeInsecureRequests, recaptcha = false }) => {
  const google = recaptcha ? RECAPTCHA_SCRIPTS : [];
  app.decorateReply('cspNonce');
  // Registered before helmet's hooks, so the nonce exists when helmet builds the header.
  app.addHook('onRequest', async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64url');
    nonces.set(reply.raw, nonce);
    reply.cspNonce = { script: nonce, style: nonce };
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", scriptNonce, ...google],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google],
        frameSrc: recaptcha ? ['https://www.google.com/recaptcha/'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Over plain http (a LAN address, localhost) upgrading would break every asset.
        upgradeInsecureRequests: upgradeInsecureRequests ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
};

export const securityHeaders = fp(plugin, { name: 'eco-security-headers' });
