import { data, redirect, type RouterContextProvider } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { callApi } from '../../lib/api.server';
import { getSession } from '../../lib/auth.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';
import type { Notice } from '../../lib/forms/notice';
import { safeRedirectPath, signInPath } from '../../lib/redirect-to';
import { publicationPath } from '../publications/publications';
import { FIELDS, type FavoriteAnswer } from './favorite-form';

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
export async function toggleFavorite(context: Context, formData: FormData | null) {
  const id = formData?.get(FIELDS.publicationId);
  const wanted = formData?.get(FIELDS.saved);
  if (typeof id !== 'string' || id === '' || id.length > 100 || (wanted !== '1' && wanted !== '0')) {
    const answer: FavoriteAnswer = {
      saved: false,
      message: BROKEN_FORM,
      notice: { kind: 'error', message: BROKEN_FORM },
    };
    return data(answer, { status: 400 });
  }
  const backValue = formData?.get(FIELDS.back);
  // Only a page of this site: the form is no open redirect.
  const back = safeRedirectPath(typeof backValue === 'string' ? backValue : null, publicationPath(id));
  if (getSession(context) === null) return redirect(signInPath(back));

  const save = wanted === '1';
  const scripted = formData?.get(FIELDS.scripted) === '1';
  try {
    await callApi(context, `/api/publication/${encodeURIComponent(id)}/favorite`, {
      method: save ? 'PUT' : 'DELETE',
    });
  } catch (error) {
    const notice: Notice = { kind: 'error', message: errorMessage(error) };
    if (!scripted) return redirectWithNotice(back, notice);
    const status = error instanceof ApiError && error.statusCode >= 400 ? error.statusCode : 503;
    return data({ saved: !save, message: notice.message, notice } satisfies FavoriteAnswer, { status });
  }
  if (!scripted) return redirect(back, 303);
  return { saved: save } satisfies FavoriteAnswer;
}

/**
 * Which of a list's publications the signed-in member saved (the list itself is the same for everybody and never
 * says it); nothing for guests, and nothing rather than an error page when the answer fails.
 */
export async function loadSavedAmong(context: Context, ids: readonly string[]): Promise<string[]> {
  if (getSession(context) === null || ids.length === 0) return [];
  try {
    const { data: answer } = await callApi<{ ids: string[] }>(
      context,
      `/api/favorites/among?ids=${ids.map(encodeURIComponent).join(',')}`,
    );
    return answer.ids;
  } catch {
    return [];
  }
}
