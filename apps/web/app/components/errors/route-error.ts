import { isRouteErrorResponse } from 'react-router';
import { UNEXPECTED_ERROR_MESSAGE } from './ErrorView';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'La solicitud no es válida',
  401: 'Necesita autorización',
  403: 'No tienes permiso para ver esta página',
  405: 'Operación no permitida',
  503: 'El servicio no está disponible en este momento',
};

/** Status and Spanish message of a route error; thrown exceptions never show their internals. */
export function describeRouteError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const given = typeof error.data === 'string' ? error.data.trim() : '';
    return {
      status: error.status,
      message: given || STATUS_MESSAGES[error.status] || UNEXPECTED_ERROR_MESSAGE,
    };
  }
  return { status: 500, message: UNEXPECTED_ERROR_MESSAGE };
}
