import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * The nonce of this document's scripts (the shape @fastify/helmet uses; `style` is the same value and is not in
     * the policy): null on the API's answers, whose policy carries none.
     */
    cspNonce: { script: string; style: string } | null;
  }
}

type Options = {
  upgradeInsecureRequests: boolean;
  /** CAPTCHA_PROVIDER=recaptcha: Google's script, its frame and its calls are allowed; nothing else changes. */
  recaptcha?: boolean;
  /** MEDIA_PUBLIC_URL's origin, where the pages' images come from (img-src). */
  mediaOrigin?: string | undefined;
  /** Origins of the map's base style (its style document, tiles, fonts and sprites): fetched by MapLibre. */
  mapOrigins?: readonly string[];
};

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/** Where the API answers: JSON, and the API's docs page, whose scripts are files of this origin. */
export const API_PREFIX = '/api';

/** Whether a request's URL (path and query as received) is the API's: its answers run no inline script. */
export function isApiUrl(url: string): boolean {
  const next = url[API_PREFIX.length];
  return url.startsWith(API_PREFIX) && (next === undefined || next === '/' || next === '?');
}

/** Where the WhatsApp chat links of the contact cart lead (wa.me sends on to the others). */
const WHATSAPP = ['https://wa.me', 'https://api.whatsapp.com', 'https://web.whatsapp.com'];

/** Stands for the nonce while the policy is computed once; the nonce of each document takes its place. */
const NONCE_MARK = 'nonce-placeholder-for-each-document';

/** helmet's options: its defaults, with a policy that allows the app's own files and, on a document, its nonce. */
function helmetOptions(
  { upgradeInsecureRequests, recaptcha = false, mediaOrigin, mapOrigins = [] }: Options,
  nonce: boolean,
): HelmetOptions {
  const google = recaptcha ? RECAPTCHA_SCRIPTS : [];
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(nonce ? [`'nonce-${NONCE_MARK}'`] : []), ...google],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(mediaOrigin === undefined ? [] : [mediaOrigin])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google, ...mapOrigins],
        // The service worker (/sw.js) and the web app manifest (decision 038).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: recaptcha ? ['https://www.google.com/recaptcha/'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // The contact cart's form posts to the site, which answers with a redirect to the WhatsApp chat: a form's
        // redirects must be allowed too.
        formAction: ["'self'", ...WHATSAPP],
        frameAncestors: ["'self'"],
        // Over plain http (a LAN address, localhost) upgrading would break every asset.
        upgradeInsecureRequests: upgradeInsecureRequests ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** The headers helmet writes with `options`, read once from a response that is never sent. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error !== undefined) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Security headers computed once by helmet (its defaults, and a Content-Security-Policy for the app), not on every
 * request: the same headers on every answer. A document's policy carries a fresh nonce per request in script-src,
 * exposed as `reply.cspNonce.script` for its scripts; an answer of the API runs no inline script, so its policy
 * carries none and costs no random bytes. helmet's own `enableCSPNonces` is not used on purpose: it also adds a
 * nonce to style-src, and a nonce there makes browsers ignore 'unsafe-inline', which would block the style
 * attributes Mantine renders.
 */
const plugin: FastifyPluginAsync<Options> = async (app, options) => {
  const apiHeaders = headersOf(helmetOptions(options, false));
  const { 'content-security-policy': documentPolicy = '', ...documentHeaders } = headersOf(
    helmetOptions(options, true),
  );
  const [policyStart = '', policyEnd = ''] = documentPolicy.split(NONCE_MARK);
  app.decorateReply('cspNonce', null);
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiUrl(request.url)) {
      reply.headers(apiHeaders);
    } else {
      const nonce = randomBytes(16).toString('base64url');
      reply.headers(documentHeaders);
      reply.header('content-security-policy', `${policyStart}${nonce}${policyEnd}`);
      reply.cspNonce = { script: nonce, style: nonce };
    }
    done();
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
