import { STATUS_CODES } from 'node:http';

/** An error whose Spanish message is meant for the client; thrown by feature modules. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

/** The JSON body of every error answer (the domain's ApiError). */
export type ErrorBody = { statusCode: number; error: string; message: string };

export const UNEXPECTED_ERROR_MESSAGE = 'Ha ocurrido un error inesperado. Intenta nuevamente más tarde.';
/** A request that met a lost database connection (a restart, a failover): the next one opens a new connection. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'No pudimos comunicarnos con la base de datos. Intenta de nuevo en unos segundos.';
/** Seconds a client should wait before retrying after DATABASE_UNAVAILABLE_MESSAGE. */
export const DATABASE_UNAVAILABLE_RETRY_S = 5;
export const ROUTE_NOT_FOUND_MESSAGE = 'No se encontró la ruta solicitada';

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}
