import { newPasswordSchema, resetRequestSchema, signInSchema, signUpSchema } from '@eco/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { attemptLimiter, registerAttemptLimits } from '../../plugins/attempt-limits.ts';
import { errorResponses } from '../../plugins/error-schema.ts';
import { clearSessionCookie, isSecureSite, setSessionCookie } from '../sessions/session-cookie.ts';
import { sessionTokenOf } from '../sessions/session-plugin.ts';
import { userSchema } from '../users/schemas.ts';
import { createAccountMail } from './account-mail.ts';
import {
  PASSWORD_CHANGED_MESSAGE,
  RESEND_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  SIGNED_UP_MESSAGE,
} from './messages.ts';
import { createAccountsService } from './service.ts';

export type AccountsOptions = { db: DB; config: Config };

const TAGS = ['accounts'];
const CAPTCHA_NOTE =
  ' Con la verificación humana activa (CAPTCHA_PROVIDER), `captcha` lleva la solución del widget: 400 si falta, ' +
  'es incorrecta, venció o ya se usó.';
const messageSchema = z.object({ message: z.string() });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

const signInResponse = z
  .object({
    token: z.string().describe('Para el encabezado Authorization: Bearer; el navegador usa la cookie'),
    tokenExpiration: z.string().describe('Fin de la sesión (ISO 8601)'),
    user: userSchema,
    userId: z.string(),
    userEmail: z.string(),
    userPictureUrl: z.string().nullable(),
  })
  .describe('Sesión abierta');

/** Sign-up, activation, sign-in and out, and the password reset: the routes of /auth. */
export const accountRoutes: FastifyPluginAsyncZod<AccountsOptions> = async (app, { db, config }) => {
  const mail = createAccountMail({ mailer: app.mailer, publicUrl: config.publicUrl, logger: app.log });
  // Pending e-mails go out before the mailer closes.
  app.addHook('onClose', async () => mail.settled());
  const accounts = createAccountsService({ db, config, mail });
  const secureCookie = isSecureSite(config.publicUrl);

  await registerAttemptLimits(app, db);
  const limits = (route: string) => {
    const limiter = attemptLimiter(app, route, config.rateLimit);
    return { onRequest: limiter.byAddress, preHandler: limiter.byEmail };
  };

  app.post(
    '/signup',
    {
      ...limits('signup'),
      schema: {
        tags: TAGS,
        summary: 'Crear una cuenta (queda pendiente de activación por correo)',
        description:
          'Si el correo ya tiene una cuenta, la respuesta es la misma y su dueño recibe un aviso por correo.' +
          CAPTCHA_NOTE,
        body: signUpSchema,
        response: {
          201: z.object({ user: z.object({ name: z.string(), email: z.string() }), message: z.string() }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { name, email, captcha } = request.body;
      await app.captcha.require(captcha, 'signup', request.ip);
      await accounts.signUp(request.body);
      return reply.code(201).send({ user: { name, email }, message: SIGNED_UP_MESSAGE });
    },
  );

  app.post(
    '/signup/resend',
    {
      ...limits('signup-resend'),
      schema: {
        tags: TAGS,
        summary: 'Volver a enviar el enlace de activación',
        description: `Responde lo mismo exista o no la cuenta.${CAPTCHA_NOTE}`,
        body: resetRequestSchema,
        response: { 202: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await app.captcha.require(request.body.captcha, 'resend', request.ip);
      await accounts.resendActivation(request.body.email);
      return reply.code(202).send({ message: RESEND_MESSAGE });
    },
  );

  app.post(
    '/signup/:token/activation',
    {
      ...limits('activation'),
      schema: {
        tags: TAGS,
        summary: 'Activar la cuenta con el enlace recibido por correo',
        params: tokenParams,
        response: {
          200: z.object({ data: z.object({ activated: z.literal(true), email: z.string() }) }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request) => {
      const email = await accounts.activate(request.params.token);
      return { data: { activated: true as const, email } };
    },
  );

  app.post(
    '/signin',
    {
      ...limits('signin'),
      schema: {
        tags: TAGS,
        summary: 'Ingresar: abre una sesión y la guarda en la cookie eco_session',
        body: signInSchema,
        response: { 200: signInResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token, expiresAt, user } = await accounts.signIn(request.body.email, request.body.password);
      setSessionCookie(reply, token, expiresAt, secureCookie);
      reply.header('cache-control', 'no-store');
      return {
        token,
        tokenExpiration: expiresAt.toISOString(),
        user,
        userId: user._id,
        userEmail: user.email,
        userPictureUrl: user.pictureUrl,
      };
    },
  );

  app.post(
    '/signout',
    {
      schema: {
        tags: TAGS,
        summary: 'Salir: termina la sesión actual (cookie o Bearer)',
        security: [{ bearer: [] as string[] }, { cookie: [] as string[] }],
        response: { 204: z.null().describe('Sesión terminada'), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await accounts.signOut(sessionTokenOf(request));
      clearSessionCookie(reply, secureCookie);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reset',
    {
      ...limits('reset'),
      schema: {
        tags: TAGS,
        summary: 'Pedir un enlace para restablecer la contraseña',
        description: `Responde lo mismo exista o no la cuenta; un pedido nuevo anula los enlaces anteriores.${CAPTCHA_NOTE}`,
        body: resetRequestSchema,
        response: { 202: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await app.captcha.require(request.body.captcha, 'reset', request.ip);
      await accounts.requestReset(request.body.email);
      return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.get(
    '/reset/:token',
    {
      ...limits('reset-check'),
      schema: {
        tags: TAGS,
        summary: 'Comprobar un enlace para restablecer la contraseña',
        params: tokenParams,
        response: {
          200: z.object({ valid: z.literal(true), email: z.string() }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const email = await accounts.checkResetToken(request.params.token);
      reply.header('cache-control', 'no-store');
      return { valid: true as const, email };
    },
  );

  app.put(
    '/reset/:resetToken/password',
    {
      ...limits('reset-password'),
      schema: {
        tags: TAGS,
        summary: 'Elegir una contraseña nueva con el enlace recibido',
        description:
          'Termina todas las sesiones del usuario y activa la cuenta si estaba pendiente. El enlace es de un solo uso.',
        params: z.object({ resetToken: z.string().min(1).max(200) }),
        body: newPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.params.resetToken, request.body.password);
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );
};
