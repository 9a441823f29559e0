import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import type { RequestSession } from './session-plugin.ts';

export const UNAUTHORIZED_MESSAGE = 'Necesita autorización';
export const FORBIDDEN_MESSAGE = 'Las credenciales para ver esta información son incorrectas';

/** The signed-in user of the request, or a 401 for guests (and for expired or revoked sessions). */
export async function requireSession(request: FastifyRequest): Promise<RequestSession> {
  const session = await request.getSession();
  if (session === null) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return session;
}

/** Like requireSession, and a 403 for users who are not super users. */
export async function requireSuperUser(request: FastifyRequest): Promise<RequestSession> {
  const session = await requireSession(request);
  if (!session.user.isSuperUser) throw new HttpError(403, FORBIDDEN_MESSAGE);
  return session;
}
