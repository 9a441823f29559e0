import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/sessions/service.ts';
import {
  asClient,
  insertUser,
  linksOfText,
  PUBLIC_URL,
  recordingMailer,
  signIn,
  tokenOfLink,
  waitUntilPast,
  type RecordingMailer,
} from './helpers/accounts.ts';
import { startInbox, type Inbox } from './helpers/smtp-inbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const REQUESTED = {
  message: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.',
};
const CHANGED = { message: 'Tu contraseña se actualizó. Ya puedes ingresar.' };
const INVALID_LINK = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'El enlace para restablecer la contraseña no es válido o ya expiró',
};

const newPassword = (password: string) => ({ password, passwordConfirmation: password });

describe('password reset, following the links of the e-mails', () => {
  let inbox: Inbox;
  let subject: TestApp;

  beforeAll(async () => {
    inbox = await startInbox();
    subject = await createTestApp({ env: { SMTP_URL: inbox.url } });
  });

  afterAll(async () => {
    await subject.dispose();
    await inbox.close();
  });

  it('mails a single-use link that sets the new password and ends every session', async () => {
    const user = await insertUser(subject.database.db, { email: 'rosa@example.com', name: 'Rosa Ríos' });
    const laptop = await signIn(subject.app, user.email, user.password);
    const phone = await signIn(subject.app, user.email, user.password);

    const request = await subject.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { email: 'Rosa@Example.com' },
    });
    expect(request.statusCode).toBe(202);
    expect(request.json()).toEqual(REQUESTED);

    const mail = await inbox.waitFor((candidate) => candidate.to.includes(user.email));
    expect(mail.html).toContain('Rosa Ríos');
    const link = mail.links.find((candidate) => candidate.startsWith(`${PUBLIC_URL}/auth/reset/`));
    expect(link).toBeDefined();
    const token = tokenOfLink(mail.links, '/auth/reset/');

    const check = await subject.app.inject({ method: 'GET', url: `/api/reset/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true, email: user.email });

    const mismatch = await subject.app.inject({
      method: 'PUT',
      url: `/api/reset/${token}/password`,
      payload: { password: 'nueva-clave', passwordConfirmation: 'otra-cosa' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ message: string }>().message).toBe(
      'passwordConfirmation: Las contraseñas no coinciden',
    );

    const change = await subject.app.inject({
      method: 'PUT',
      url: `/api/reset/${token}/password`,
      payload: { resetToken: token, ...newPassword('nueva-clave') },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual(CHANGED);

    for (const session of [laptop, phone]) {
      const me = await subject.app.inject({ method: 'GET', url: '/api/me', ...asClient(session) });
      expect(me.statusCode).toBe(401);
    }
    const old = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    expect(await signIn(subject.app, user.email, 'nueva-clave')).toMatch(/^[\w-]{43}$/);

    const reuse = await subject.app.inject({
      method: 'PUT',
      url: `/api/reset/${token}/password`,
      payload: newPassword('tercera-clave'),
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual(INVALID_LINK);
    const recheck = await subject.app.inject({ method: 'GET', url: `/api/reset/${token}` });
    expect(recheck.json()).toEqual(INVALID_LINK);

    const notice = await inbox.waitFor(
      (candidate) => candidate.to.includes(user.email) && candidate.subject !== mail.subject,
    );
    expect(notice.html).toContain('Rosa Ríos');
    expect(notice.links.some((candidate) => candidate.includes('/auth/reset/'))).toBe(false);
  });

  it('activates a pending account, whose e-mail the link proved', async () => {
    const user = await insertUser(subject.database.db, { email: 'pendiente@example.com', state: 'pending' });
    await subject.app.inject({ method: 'POST', url: '/api/reset', payload: { email: user.email } });
    const mail = await inbox.waitFor((candidate) => candidate.to.includes(user.email));

    const change = await subject.app.inject({
      method: 'PUT',
      url: `/api/reset/${tokenOfLink(mail.links, '/auth/reset/')}/password`,
      payload: newPassword('clave-nueva'),
    });

    expect(change.statusCode).toBe(200);
    expect(await signIn(subject.app, user.email, 'clave-nueva')).toBeTypeOf('string');
  });
});

describe('password reset rules', () => {
  let mailer: RecordingMailer;
  let subject: TestApp;

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({ mailer, env: { RESET_TOKEN_LIFETIME_MS: '60' } });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  async function requestReset(email: string): Promise<string> {
    const response = await subject.app.inject({ method: 'POST', url: '/api/reset', payload: { email } });
    expect(response.json()).toEqual(REQUESTED);
    const mail = mailer.sent.findLast((message) => message.to === email);
    if (mail === undefined) throw new Error(`No e-mail to ${email}`);
    return tokenOfLink(linksOfText(mail.text), '/auth/reset/');
  }

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    await insertUser(subject.database.db, { email: 'known@example.com' });
    const known = await subject.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { email: 'known@example.com' },
    });
    const sentForKnown = mailer.sent.length;
    const unknown = await subject.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { email: 'unknown@example.com' },
    });

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual(REQUESTED);
    expect(mailer.sent).toHaveLength(sentForKnown);
    expect(mailer.sent.some((mail) => mail.to === 'unknown@example.com')).toBe(false);
  });

  it('refuses an expired link (RESET_TOKEN_LIFETIME_MS)', async () => {
    const user = await insertUser(subject.database.db, { email: 'late@example.com' });
    const token = await requestReset(user.email);
    const row = await subject.database.db
      .selectFrom('user_tokens')
      .select('expires_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    await waitUntilPast(row.expires_at);

    const check = await subject.app.inject({ method: 'GET', url: `/api/reset/${token}` });
    const change = await subject.app.inject({
      method: 'PUT',
      url: `/api/reset/${token}/password`,
      payload: newPassword('clave-tarde'),
    });

    expect(check.json()).toEqual(INVALID_LINK);
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual(INVALID_LINK);
    expect(await signIn(subject.app, user.email, user.password)).toBeTypeOf('string');
  });

  it('refuses unknown links and an activation link used as a reset link', async () => {
    const check = await subject.app.inject({ method: 'GET', url: '/api/reset/no-existe' });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual(INVALID_LINK);

    await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        name: 'Nueva',
        email: 'nueva@example.com',
        password: 'clave-1',
        passwordConfirmation: 'clave-1',
      },
    });
    const activation = mailer.sent.findLast((mail) => mail.to === 'nueva@example.com');
    const activationToken = tokenOfLink(linksOfText(activation?.text ?? ''), '/auth/new/');
    const change = await subject.app.inject({
      method: 'PUT',
      url: `/api/reset/${activationToken}/password`,
      payload: newPassword('clave-nueva'),
    });
    expect(change.json()).toEqual(INVALID_LINK);
  });

  it('sends nothing to a deactivated account', async () => {
    await insertUser(subject.database.db, { email: 'apagada@example.com', state: 'disabled' });
    const before = mailer.sent.length;

    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { email: 'apagada@example.com' },
    });

    expect(response.json()).toEqual(REQUESTED);
    expect(mailer.sent).toHaveLength(before);
  });

  it('validates the new password with the form messages', async () => {
    const response = await subject.app.inject({
      method: 'PUT',
      url: '/api/reset/any-token/password',
      payload: { password: 'x'.repeat(19), passwordConfirmation: '' },
    });

    expect(response.statusCode).toBe(400);
    const { message } = response.json<{ message: string }>();
    expect(message).toContain('password: La contraseña es demasiado larga (max: 18)');
    expect(message).toContain('passwordConfirmation: La confirmación de la contraseña es obligatoria');
  });
});

describe('password reset with long-lived links', () => {
  let mailer: RecordingMailer;
  let subject: TestApp;

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({ mailer });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('makes a new request invalidate the older links', async () => {
    const user = await insertUser(subject.database.db, { email: 'dos@example.com' });
    for (let request = 0; request < 2; request += 1) {
      await subject.app.inject({ method: 'POST', url: '/api/reset', payload: { email: user.email } });
    }
    const [older, newer] = mailer.sent.map((mail) => tokenOfLink(linksOfText(mail.text), '/auth/reset/'));

    const stale = await subject.app.inject({ method: 'GET', url: `/api/reset/${older}` });
    const fresh = await subject.app.inject({ method: 'GET', url: `/api/reset/${newer}` });

    expect(stale.json()).toEqual(INVALID_LINK);
    expect(fresh.json()).toEqual({ valid: true, email: user.email });
  });
});
