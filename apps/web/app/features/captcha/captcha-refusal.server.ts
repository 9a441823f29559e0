import { ApiError, errorMessage } from '../../lib/api-client';

const NEEDS_SCRIPTS =
  'La verificación funciona con JavaScript: espera a que la página termine de cargar (o actívalo) y vuelve a enviar.';

/**
 * The message for a refused form that needed the human check. A form sent before the page's scripts ran (or without
 * them) carries no solution: the API's 'Completa la verificación…' then also says how to get one.
 */
export function attachCaptchausalMessage(formData: FormData, error: unknown): string {
  const solved = typeof formData.get('captcha') === 'string' && formData.get('captcha') !== '';
  if (!solved && error instanceof ApiError && error.statusCode === 400)
    return `${error.message} ${NEEDS_SCRIPTS}`;
  return errorMessage(error);
}
