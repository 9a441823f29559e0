import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { isDatabaseClosed, isDatabaseUnavailable } from '../db/connection-errors.ts';
import { isStorageUnavailable, STORAGE_UNAVAILABLE_MESSAGE } from '../modules/media/storage-errors.ts';
import { CLOSING_MESSAGE } from './graceful-close.ts';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_S,
  errorBody,
  HttpError,
  ROUTE_NOT_FOUND_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from '../errors.ts';

// Spanish messages for the errors Fastify and its plugins raise on bad requests (their own texts are English).
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'El tipo de contenido de la solicitud no es compatible',
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío pero se indicó contenido JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es un JSON válido',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud indicada no coincide con el cuerpo de la solicitud',
  FST_ERR_BAD_URL: 'La dirección solicitada no es válida',
  FST_ERR_MAX_PARAM_LENGTH: 'La dirección solicitada es demasiado larga',
  FST_CP_ERR_INVALID_CONTENT_ENCODING: 'La codificación del cuerpo de la solicitud no es compatible',
  FST_CP_ERR_INVALID_CONTENT: 'No se pudo descomprimir el cuerpo de la solicitud',
};

const PART_NAMES: Record<string, string> = {
  body: 'el cuerpo de la solicitud',
  querystring: 'los parámetros de consulta',
  params: 'los parámetros de la ruta',
  headers: 'los encabezados',
};

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/** "title: El título es demasiado corto (min: 3)", or the request part when the whole part is wrong. */
function describeIssue(issue: FastifySchemaValidationError, part: string | undefined): string {
  const field = issue.instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .join('.');
  const where = field !== '' ? field : (PART_NAMES[part ?? ''] ?? 'la solicitud');
  const message = issue.message ?? 'valor inválido';
  return `${where}: ${message}`;
}

function clientMessage(error: FastifyError): string {
  if (Array.isArray(error.validation) && error.validation.length > 0) {
    return error.validation.map((issue) => describeIssue(issue, error.validationContext)).join('; ');
  }
  return (error.code !== undefined ? FRAMEWORK_MESSAGES[error.code] : undefined) ?? error.message;
}

/** A module's HttpError may carry a `code` the client acts on (e.g. 'ACCOUNT_NOT_ACTIVATED'): it joins the body. */
function clientCode(error: FastifyError): { code: string } | undefined {
  return error instanceof HttpError && typeof error.code === 'string' ? { code: error.code } : undefined;
}

/** The one error handler: `{ statusCode, error, message }` in Spanish, and never a stack trace to the client. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (!(error instanceof HttpError) && isStorageUnavailable(error)) {
    // The media bucket is down or unreachable (its socket errors look like the database's: asked first).
    request.log.warn({ err: error }, 'Request failed: the media storage could not be reached');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_S))
      .type('application/json; charset=utf-8')
      .send(errorBody(503, STORAGE_UNAVAILABLE_MESSAGE));
  }
  if (!(error instanceof HttpError) && isDatabaseClosed(error)) {
    // The process is shutting down and has closed its database under a request still running.
    request.log.warn({ err: error }, 'Request failed: the server closed its database while shutting down');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_S))
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(errorBody(503, CLOSING_MESSAGE));
  }
  if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
    // Not the request's fault nor a bug: the database restarted or failed over; a retry soon will be served.
    request.log.warn({ err: error }, 'Request failed: the database connection was lost');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_S))
      .type('application/json; charset=utf-8')
      .send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
  }
  const statusCode = statusOf(error);
  if (statusCode >= 500) {
    // A module's own 5xx (e.g. 502 when a payment provider is down) says what happened; anything else says nothing.
    const intended = error instanceof HttpError;
    request.log.error({ err: error }, 'Request failed');
    return reply
      .code(statusCode)
      .type('application/json; charset=utf-8')
      .send(errorBody(statusCode, intended ? error.message : UNEXPECTED_ERROR_MESSAGE));
  }
  request.log.info({ err: { code: error.code, message: error.message }, statusCode }, 'Request rejected');
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(statusCode, clientMessage(error)), ...clientCode(error) });
}

export function handleNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send(errorBody(404, ROUTE_NOT_FOUND_MESSAGE));
}
