import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
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

/**
 * Headers that only mean something on a document: what it may load and run (CSP), who may frame or open it, HSTS
 * (every document of the host carries it), the referrer policy (a stylesheet's own requests are same-origin, and
 * the browsers' default is the same policy), and legacy switches. Kept: `X-Content-Type-Options: nosniff`, which
 * makes browsers refuse a script or stylesheet served with the wrong type, and `Cross-Origin-Resource-Policy`,
 * which keeps other sites from loading the file.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Removes the document-only headers from a reply that can never be shown as a page (a hashed script or
 * stylesheet): on every such file they cost about 1.1 KB, which a phone would download for nothing.
 */
export function dropDocumentHeaders(reply: FastifyReply): void {
  // helmet writes its headers on the raw response in an onRequest hook.
  for (const name of DOCUMENT_ONLY_HEADERS) {
    reply.raw.removeHeader(name);
    reply.removeHeader(name);
  }
}

export const securityHeaders = fp(plugin, { name: 'eco-security-headers' });
