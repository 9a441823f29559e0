import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRET_KEY } from '../src/config.ts';
import {
  createUnsubscribeToken,
  readUnsubscribeToken,
} from '../src/modules/notifications/unsubscribe-token.ts';
import { asBrowser, recordingMailer, type RecordingMailer } from './helpers/accounts.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const INVALID = {
  statusCode: 400,
  error: 'Bad Request',
  message:
    'El enlace para dejar de recibir correos no es válido. Puedes desactivarlos desde tu configuración.',
};
const DONE = {
  message: 'Listo: ya no te enviaremos avisos por correo. Puedes volver a activarlos desde tu configuración.',
};

describe('e-mail switch and one-click unsubscribe', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let actors: Actors;

  async function emailsOn(userId: string): Promise<boolean> {
    const row = await subject.database.db
      .selectFrom('users')
      .select('email_notifications')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.email_notifications === 1;
  }

  async function me(token: string): Promise<{ emailNotifications: boolean }> {
    return (await app.inject({ method: 'GET', url: '/api/me', ...asBrowser(token) })).json();
  }

  /** The unsubscribe address of the last e-mail's List-Unsubscribe header, as a path. */
  function headerPath(): string {
    const header = mailer.sent.at(-1)?.headers?.['List-Unsubscribe'] ?? '';
    return header.replace(/^<http:\/\/localhost:3000/, '').replace(/>$/, '');
  }

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({
      mailer,
      env: { SECRET_KEY: 'una-clave-secreta-de-pruebas-bastante-larga' },
    });
    app = subject.app;
    actors = await createActors(subject.database.db);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('signs tokens with the server secret: another secret, a changed id or a cut token do not pass', () => {
    const token = createUnsubscribeToken('secreto-a'.repeat(4), 'user-1');
    expect(readUnsubscribeToken('secreto-a'.repeat(4), token)).toBe('user-1');
    expect(readUnsubscribeToken('secreto-b'.repeat(4), token)).toBeNull();
    const [, signature] = token.split('.');
    expect(
      readUnsubscribeToken(
        'secreto-a'.repeat(4),
        `${Buffer.from('user-2').toString('base64url')}.${signature}`,
      ),
    ).toBeNull();
    expect(readUnsubscribeToken('secreto-a'.repeat(4), token.slice(0, -1))).toBeNull();
    expect(readUnsubscribeToken('secreto-a'.repeat(4), 'basura')).toBeNull();
  });

  it('GET /me tells the switch and PUT /me turns it off and on; a non-boolean is refused', async () => {
    const { other } = actors;
    expect((await me(other.token)).emailNotifications).toBe(true);
    const off = await app.inject({
      method: 'PUT',
      url: '/api/me',
      ...asBrowser(other.token),
      payload: { emailNotifications: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await me(other.token)).emailNotifications).toBe(false);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/me',
      ...asBrowser(other.token),
      payload: { emailNotifications: 'sí' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'Los avisos por correo deben ser verdadero o falso',
    );
    await app.inject({
      method: 'PUT',
      url: '/api/me',
      ...asBrowser(other.token),
      payload: { emailNotifications: true },
    });
    expect((await me(other.token)).emailNotifications).toBe(true);
  });

  it('the header link of an e-mail turns e-mails off in one click (RFC 8058 form body), without signing in', async () => {
    const { author, other } = actors;
    await app.inject({
      method: 'POST',
      url: `/api/user/${author.id}/qualifications`,
      headers: other.headers,
      payload: { rating: 4 },
    });
    expect(mailer.sent).toHaveLength(1);
    const path = headerPath();
    expect(path).toMatch(/^\/api\/unsubscribe\/[\w-]+\.[\w-]+$/);
    // The body's link is the web page with the same token.
    expect(mailer.sent[0]?.text).toContain(`http://localhost:3000${path.replace('/api', '')}`);

    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DONE);
    expect(await emailsOn(author.id)).toBe(false);
    expect((await me(author.token)).emailNotifications).toBe(false);

    // No more e-mails, the notification all the same; a second click answers the same.
    mailer.sent.length = 0;
    await app.inject({
      method: 'POST',
      url: `/api/user/${author.id}/qualifications`,
      headers: actors.superUser.headers,
      payload: { rating: 5 },
    });
    expect(mailer.sent).toEqual([]);
    expect((await app.inject({ method: 'POST', url: path })).json()).toEqual(DONE);
  });

  it('the web page posts an empty body or empty JSON', async () => {
    const { superUser } = actors;
    const token = createUnsubscribeToken('una-clave-secreta-de-pruebas-bastante-larga', superUser.id);
    const empty = await app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
    expect(empty.json()).toEqual(DONE);
    await subject.database.db.updateTable('users').set({ email_notifications: 1 }).execute();
    const json = await app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '',
    });
    expect(json.json()).toEqual(DONE);
    expect(await emailsOn(superUser.id)).toBe(false);
  });

  it('refuses forged tokens and tokens of another secret with 400, changing nothing', async () => {
    const { other } = actors;
    await subject.database.db.updateTable('users').set({ email_notifications: 1 }).execute();
    const forged = [
      createUnsubscribeToken(DEVELOPMENT_SECRET_KEY, other.id),
      `${Buffer.from(other.id).toString('base64url')}.${'A'.repeat(43)}`,
      'cualquier-cosa',
    ];
    for (const token of forged) {
      const response = await app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
      expect(response.json()).toEqual(INVALID);
    }
    expect(await emailsOn(other.id)).toBe(true);
  });
});
