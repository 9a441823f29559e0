import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createRecaptcha } from '../src/modules/captcha/recaptcha.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// A loopback server that speaks reCAPTCHA's siteverify protocol: each token names the answer it gets.
type Received = { secret: string | null; response: string | null; remoteip: string | null };

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

describe('reCAPTCHA v3 (CAPTCHA_PROVIDER=recaptcha)', () => {
  let siteverify: Server;
  let verifyUrl: string;
  const received: Received[] = [];
  let subject: TestApp;

  beforeAll(async () => {
    siteverify = createServer((request, response) => {
      void readForm(request).then((form) => {
        const token = form.get('response');
        received.push({ secret: form.get('secret'), response: token, remoteip: form.get('remoteip') });
        const answers: Record<string, unknown> = {
          human: { success: true, score: 0.9, action: 'signup', hostname: 'localhost' },
          'human-report': { success: true, score: 0.7, action: 'report' },
          bot: { success: true, score: 0.1, action: 'signup' },
          elsewhere: { success: true, score: 0.9, action: 'login' },
          forged: { success: false, 'error-codes': ['invalid-input-response'] },
          garbled: { nothing: 'useful' },
        };
        if (token === 'slow') return; // never answers
        if (token === 'broken') {
          response.writeHead(500).end('oops');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answers[token ?? ''] ?? { success: false }));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    subject = await createTestApp({
      env: {
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'sitio-publico',
        RECAPTCHA_SECRET_KEY: 'secreto-del-servidor',
        RECAPTCHA_MIN_SCORE: '0.5',
        RECAPTCHA_VERIFY_URL: verifyUrl,
      },
    });
  });

  afterAll(async () => {
    await subject.dispose();
    siteverify.closeAllConnections();
    await new Promise((resolve) => siteverify.close(resolve));
  });

  const signUp = (captcha?: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: '203.0.113.7',
      payload: {
        name: 'Marta Gómez',
        email: `marta.${captcha ?? 'nada'}@example.com`,
        password: 'reciclar-123',
        passwordConfirmation: 'reciclar-123',
        captcha,
      },
    });

  it('gives the pages the site key, never the secret, and hands out no ALTCHA challenge', async () => {
    expect((await subject.app.inject({ method: 'GET', url: '/api/captcha' })).json()).toEqual({
      provider: 'recaptcha',
      siteKey: 'sitio-publico',
    });
    expect((await subject.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(404);
  });

  it('lets a person through, sending the secret, the token and the client address', async () => {
    const response = await signUp('human');
    expect(response.statusCode).toBe(201);
    expect(received.at(-1)).toEqual({
      secret: 'secreto-del-servidor',
      response: 'human',
      remoteip: '203.0.113.7',
    });
  });

  it.each([
    ['missing', undefined, 'Completa la verificación de que eres una persona.'],
    ['a low score', 'bot', 'No pudimos comprobar que eres una persona. Intenta de nuevo en unos minutos.'],
    ['another action', 'elsewhere', 'La verificación de que eres una persona no es válida. Hazla de nuevo.'],
    [
      'a token Google refuses',
      'forged',
      'La verificación de que eres una persona no es válida. Hazla de nuevo.',
    ],
    [
      'an unexpected answer',
      'garbled',
      'El servicio de verificación no responde. Intenta de nuevo en unos minutos.',
    ],
    [
      'a server error',
      'broken',
      'El servicio de verificación no responde. Intenta de nuevo en unos minutos.',
    ],
  ])('refuses %s with a Spanish 400', async (_name, token, message) => {
    const response = await signUp(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('fails closed when siteverify does not answer in time', async () => {
    const recaptcha = createRecaptcha({
      secretKey: 's',
      minScore: 0.5,
      verifyUrl,
      log: subject.app.log,
      timeoutMs: 300,
    });
    await expect(recaptcha.verify('slow', 'signup', '127.0.0.1')).rejects.toMatchObject({
      statusCode: 400,
      message: 'El servicio de verificación no responde. Intenta de nuevo en unos minutos.',
    });
  });

  it('checks the action of each form: a report token is not a sign-up token', async () => {
    const recaptcha = createRecaptcha({ secretKey: 's', minScore: 0.5, verifyUrl, log: subject.app.log });
    await expect(recaptcha.verify('human-report', 'report', '127.0.0.1')).resolves.toBeUndefined();
    await expect(recaptcha.verify('human-report', 'signup', '127.0.0.1')).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('captcha configuration', () => {
  it('defaults to ALTCHA, asks for the reCAPTCHA keys, and refuses production on PostgreSQL without SECRET_KEY', () => {
    expect(loadConfig({}).captcha).toEqual({ provider: 'altcha', recaptcha: null });
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY must be set/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(
      /CAPTCHA_PROVIDER must be one of altcha, recaptcha, off/,
    );
    expect(() => loadConfig({ RECAPTCHA_MIN_SCORE: '2' })).toThrow(/RECAPTCHA_MIN_SCORE/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/eco' })).toThrow(
      /SECRET_KEY must be set in production/,
    );
    expect(() => loadConfig({ SECRET_KEY: 'corta' })).toThrow(/SECRET_KEY must be at least 32 characters/);
    const production = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) });
    expect(production.secretKey).toBe('k'.repeat(32));
    expect(loadConfig({}).reportsToHide).toBe(3);
    expect(loadConfig({ REPORTS_TO_HIDE: '5' }).reportsToHide).toBe(5);
  });
});
