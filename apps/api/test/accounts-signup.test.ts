import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/sessions/service.ts';
import {
  insertUser,
  linksOfText,
  PUBLIC_URL,
  recordingMailer,
  tokenOfLink,
  waitUntilPast,
  type RecordingMailer,
} from './helpers/accounts.ts';
import { startInbox, type Inbox } from './helpers/smtp-inbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const SIGNED_UP = { message: 'Te enviamos un correo para activar tu cuenta.' };
const RESENT = {
  message: 'Si la cuenta existe y no está activada, te enviamos un nuevo enlace de activación.',
};
const INVALID_LINK = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'El enlace de activación no es válido o ya expiró',
};
const NOT_ACTIVATED = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Tu cuenta todavía no está activada. Revisa tu correo o pide un nuevo enlace de activación.',
  code: 'ACCOUNT_NOT_ACTIVATED',
};

const signUpBody = (email: string, name = 'Marta Gómez') => ({
  name,
  email,
  password: 'reciclar-123',
  passwordConfirmation: 'reciclar-123',
});

describe('sign-up and activation, through a real SMTP server', () => {
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

  it('creates a pending account, e-mails the activation link, activates once and then lets the user in', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signUpBody('  Marta.Gomez@Example.com '),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      user: { name: 'Marta Gómez', email: 'marta.gomez@example.com' },
      ...SIGNED_UP,
    });

    const stored = await subject.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'marta.gomez@example.com')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Marta Gómez', is_active: 0, is_super_user: 0, activated_at: null });
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const mail = await inbox.waitFor((candidate) => candidate.to.includes('marta.gomez@example.com'));
    expect(mail.subject).toContain('EcoAnuncios');
    expect(mail.html).toContain('Marta Gómez');
    const token = tokenOfLink(mail.links, '/auth/new/');
    expect(token).toMatch(/^[\w-]{43}$/);
    const tokens = await subject.database.db.selectFrom('user_tokens').selectAll().execute();
    expect(tokens).toEqual([
      expect.objectContaining({ token_hash: hashToken(token), user_id: stored.id, purpose: 'activation' }),
    ]);
    expect(JSON.stringify(tokens)).not.toContain(token);

    const early = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'marta.gomez@example.com', password: 'reciclar-123' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual(NOT_ACTIVATED);

    const activation = await subject.app.inject({ method: 'POST', url: `/api/signup/${token}/activation` });
    expect(activation.statusCode).toBe(200);
    expect(activation.json()).toEqual({ data: { activated: true, email: 'marta.gomez@example.com' } });

    const again = await subject.app.inject({ method: 'POST', url: `/api/signup/${token}/activation` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);

    const signIn = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'MARTA.gomez@example.com', password: 'reciclar-123' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ userEmail: 'marta.gomez@example.com' });
  });

  it('tells the owner of an existing address about the attempt, answering exactly like a new sign-up', async () => {
    const owner = await insertUser(subject.database.db, { email: 'owner@example.com', name: 'Olga Dueña' });

    const existing = await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signUpBody('owner@example.com', 'Intruso'),
    });
    const fresh = await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signUpBody('newcomer@example.com', 'Intruso'),
    });

    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.json()).toEqual({ user: { name: 'Intruso', email: 'owner@example.com' }, ...SIGNED_UP });
    expect(fresh.json()).toEqual({ user: { name: 'Intruso', email: 'newcomer@example.com' }, ...SIGNED_UP });
    expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const notice = await inbox.waitFor((mail) => mail.to.includes('owner@example.com'));
    expect(notice.html).toContain('Olga Dueña');
    expect(notice.links).toEqual(expect.arrayContaining([`${PUBLIC_URL}/auth`, `${PUBLIC_URL}/auth/reset`]));
    expect(notice.links.some((link) => link.startsWith(`${PUBLIC_URL}/auth/new/`))).toBe(false);

    // The account is untouched: same name, same password.
    const row = await subject.database.db
      .selectFrom('users')
      .select(['name', 'is_active'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Olga Dueña', is_active: 1 });
    const count = await subject.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(1);
  });
});

describe('sign-up rules', () => {
  let mailer: RecordingMailer;
  let subject: TestApp;

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({ mailer, env: { ACTIVATION_TOKEN_LIFETIME_MS: '60' } });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  async function signUp(email: string): Promise<string> {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signUpBody(email),
    });
    expect(response.statusCode).toBe(201);
    const mail = mailer.sent.findLast((message) => message.to === email);
    if (mail === undefined) throw new Error(`No e-mail to ${email}`);
    return tokenOfLink(linksOfText(mail.text), '/auth/new/');
  }

  it('refuses invalid sign-up data with the form messages, naming each field', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'Al', email: 'no-es-un-correo', password: '123', passwordConfirmation: '456' },
    });

    expect(response.statusCode).toBe(400);
    const { message } = response.json<{ message: string }>();
    expect(message).toContain('name: El nombre es demasiado corto (min: 3)');
    expect(message).toContain('email: El correo electrónico tiene un formato incorrecto');
    expect(message).toContain('password: La contraseña es demasiado corta (min: 6)');
    expect(message).toContain('passwordConfirmation: Las contraseñas no coinciden');
    expect(mailer.sent).toEqual([]);
  });

  it('refuses an expired activation link', async () => {
    const token = await signUp('late@example.com');
    const row = await subject.database.db
      .selectFrom('user_tokens')
      .select('expires_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    await waitUntilPast(row.expires_at);

    const response = await subject.app.inject({ method: 'POST', url: `/api/signup/${token}/activation` });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    const user = await subject.database.db
      .selectFrom('users')
      .select('is_active')
      .where('email', '=', 'late@example.com')
      .executeTakeFirstOrThrow();
    expect(user.is_active).toBe(0);
  });

  it('refuses unknown activation links', async () => {
    for (const token of ['unknown-token', 'x'.repeat(43)]) {
      const response = await subject.app.inject({ method: 'POST', url: `/api/signup/${token}/activation` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
    }
  });

  it('resends a new activation link to a pending account, which replaces the older one', async () => {
    await signUp('pending@example.com');
    const first = mailer.sent.length;

    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/signup/resend',
      payload: { email: 'Pending@Example.com' },
    });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(RESENT);
    expect(mailer.sent).toHaveLength(first + 1);
    const mail = mailer.sent.at(-1);
    expect(mail?.to).toBe('pending@example.com');
    const tokens = await subject.database.db
      .selectFrom('user_tokens')
      .innerJoin('users', 'users.id', 'user_tokens.user_id')
      .select('token_hash')
      .where('users.email', '=', 'pending@example.com')
      .execute();
    const token = tokenOfLink(linksOfText(mail?.text ?? ''), '/auth/new/');
    // The older link is gone: only the newest one can work.
    expect(tokens).toEqual([{ token_hash: hashToken(token) }]);
  });

  it('answers a resend for an unknown or an active account exactly the same, and sends nothing', async () => {
    await insertUser(subject.database.db, { email: 'active@example.com' });
    const before = mailer.sent.length;

    const answers = [];
    for (const email of ['nobody@example.com', 'active@example.com']) {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/signup/resend',
        payload: { email },
      });
      answers.push({ status: response.statusCode, body: response.json() });
    }

    expect(answers).toEqual([
      { status: 202, body: RESENT },
      { status: 202, body: RESENT },
    ]);
    expect(mailer.sent).toHaveLength(before);
  });

  it('never re-activates an account a super user deactivated', async () => {
    await insertUser(subject.database.db, { email: 'disabled@example.com', state: 'disabled' });
    const before = mailer.sent.length;

    const resend = await subject.app.inject({
      method: 'POST',
      url: '/api/signup/resend',
      payload: { email: 'disabled@example.com' },
    });

    expect(resend.json()).toEqual(RESENT);
    expect(mailer.sent).toHaveLength(before);
  });
});

describe('activation with a long-lived link', () => {
  let mailer: RecordingMailer;
  let subject: TestApp;

  beforeAll(async () => {
    mailer = recordingMailer();
    subject = await createTestApp({ mailer });
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('activates with the newest link only, once', async () => {
    const body = signUpBody('twice@example.com');
    await subject.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    await subject.app.inject({ method: 'POST', url: '/api/signup/resend', payload: { email: body.email } });
    const [older, newer] = mailer.sent.map((mail) => tokenOfLink(linksOfText(mail.text), '/auth/new/'));

    const stale = await subject.app.inject({ method: 'POST', url: `/api/signup/${older}/activation` });
    expect(stale.statusCode).toBe(400);

    const fresh = await subject.app.inject({ method: 'POST', url: `/api/signup/${newer}/activation` });
    expect(fresh.json()).toEqual({ data: { activated: true, email: 'twice@example.com' } });
    const user = await subject.database.db
      .selectFrom('users')
      .select(['is_active', 'activated_at'])
      .where('email', '=', 'twice@example.com')
      .executeTakeFirstOrThrow();
    expect(user.is_active).toBe(1);
    expect(user.activated_at).not.toBeNull();
    expect(await subject.database.db.selectFrom('user_tokens').selectAll().execute()).toEqual([]);

    const resend = await subject.app.inject({
      method: 'POST',
      url: '/api/signup/resend',
      payload: { email: body.email },
    });
    expect(resend.statusCode).toBe(202);
    expect(mailer.sent).toHaveLength(2);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const body = signUpBody('race@example.com');
    await subject.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    const mail = mailer.sent.findLast((message) => message.to === body.email);
    const token = tokenOfLink(linksOfText(mail?.text ?? ''), '/auth/new/');

    const answers = await Promise.all(
      [1, 2].map(() => subject.app.inject({ method: 'POST', url: `/api/signup/${token}/activation` })),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});
