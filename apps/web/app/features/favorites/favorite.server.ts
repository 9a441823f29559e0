import type { RouterContextProvider } from 'react-router';
import { loadMarkedAmong, toggleThroughApi } from '../../lib/forms/toggle-action.server';
import { publicationPath } from '../publications/publications';
import { FIELDS } from './favorite-form';

type Context = Readonly<RouterContextProvider>;

const BROKEN_FORM =
  'El botón «Guardar» llegó incompleto. Vuelve a la página del anuncio e inténtalo de nuevo.';
const ONLY_POST =
  'Esta dirección recibe el botón «Guardar» de los anuncios: tócalo en la página del anuncio.';

/** GET /favorite: nothing to show, the toggle posts here. */
export function onlyPosts(): Response {
  return Response.json(
    { statusCode: 405, error: 'Method Not Allowed', message: ONLY_POST },
    { status: 405, headers: { allow: 'POST' } },
  );
}

/**
 * "Guardar" and "Guardado": saves or unsaves as the visitor (PUT or DELETE /api/publication/{id}/favorite, so the
 * API decides who may), then back to the same page, or, once scripts run, the new state for the toggle. A guest goes
 * to sign in and comes back to that page.
 */
export function toggleFavorite(context: Context, formData: FormData | null) {
  return toggleThroughApi(context, formData, {
    stateField: FIELDS.saved,
    apiPath: (id) => `/api/publication/${id}/favorite`,
    fallback: publicationPath,
    broken: BROKEN_FORM,
  });
}

/**
 * Which of a list's publications the signed-in member saved (the list itself is the same for everybody and never
 * says it); nothing for guests, and nothing rather than an error page when the answer fails.
 */
export function loadSavedAmong(context: Context, ids: readonly string[]): Promise<string[]> {
  return loadMarkedAmong(context, '/api/favorites/among', ids);
}
