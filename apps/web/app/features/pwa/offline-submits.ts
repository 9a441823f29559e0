import { notifyWarning } from '../../lib/notify';

export const OFFLINE_SUBMIT_MESSAGE =
  'Estás sin conexión: no enviamos el formulario. Lo que escribiste sigue acá; envialo cuando vuelvas a tener conexión.';

/** Long enough to be read on a phone: the form itself stays as it was. */
const OFFLINE_NOTICE_MS = 8000;

/**
 * Forms are never queued to be sent later (decision 038): a POST while the phone is offline is stopped before it
 * leaves, in the capture phase (before React Router's handler), so the page and what was typed in it stay, and the
 * member is told why.
 */
export function refuseOfflineSubmits(): void {
  window.addEventListener(
    'submit',
    (event) => {
      if (navigator.onLine) return;
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      notifyWarning(OFFLINE_SUBMIT_MESSAGE, { id: 'offline-submit', autoClose: OFFLINE_NOTICE_MS });
    },
    true,
  );
}
