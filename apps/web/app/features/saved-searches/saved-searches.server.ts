import { data, redirect, type RouterContextProvider } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { callApi } from '../../lib/api.server';
import { getSession } from '../../lib/auth.server';
import { redirectWithNotice } from '../../lib/forms/flash.server';
import type { Notice } from '../../lib/forms/notice';
import { signInPath } from '../../lib/redirect-to';
import { FIELDS, SEARCHES_PATH, type SavedSearch } from './saved-searches';

// The actions of the saved searches (decision 041): explore's "Guardar búsqueda" and the list's changes. Each calls
// the API as the visitor (it decides who may), so the pages work the same before scripts run and without them.

type Context = Readonly<RouterContextProvider>;

export type SaveSearchAnswer = { notice: Notice; name: string };

const BROKEN_FORM = 'El formulario llegó incompleto. Vuelve a cargar la página e inténtalo de nuevo.';

function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function statusOf(error: unknown): number {
  return error instanceof ApiError && error.statusCode >= 400 ? error.statusCode : 503;
}

/**
 * "Guardar búsqueda" on explore: the name typed and the page's criteria (hidden fields). A guest signs in and comes
 * back to the same search; a refusal stays on the page with the name as typed.
 */
export async function saveSearch(context: Context, formData: FormData, back: string) {
  if (getSession(context) === null) return redirect(signInPath(back));
  const name = typeof formData.get(FIELDS.name) === 'string' ? String(formData.get(FIELDS.name)) : '';
  const body = {
    name,
    term: text(formData, FIELDS.term),
    typed: text(formData, FIELDS.typed),
    country: text(formData, FIELDS.country),
    province: text(formData, FIELDS.province),
    city: text(formData, FIELDS.city),
    labels: formData.getAll(FIELDS.labels).filter((label): label is string => typeof label === 'string'),
    near: text(formData, FIELDS.near),
    bbox: text(formData, FIELDS.bbox),
    open: text(formData, FIELDS.open),
    alert: true,
  };
  try {
    const { data: saved } = await callApi<SavedSearch>(context, '/api/searches', { method: 'POST', body });
    return redirectWithNotice(back, {
      kind: 'success',
      message: `Guardamos «${saved.name}». Te avisaremos cuando se publique algo que coincida.`,
    });
  } catch (error) {
    const answer: SaveSearchAnswer = { notice: { kind: 'error', message: errorMessage(error) }, name };
    return data(answer, { status: statusOf(error) });
  }
}

/** The member's searches; null when the API could not answer (the page says so). */
export async function loadSearches(context: Context): Promise<SavedSearch[] | null> {
  try {
    const { data: answer } = await callApi<{ searches: SavedSearch[] }>(context, '/api/searches');
    return answer.searches;
  } catch {
    return null;
  }
}

const DONE: Record<string, (search: SavedSearch) => string> = {
  rename: (search) => `La búsqueda ahora se llama «${search.name}».`,
  alert: (search) =>
    search.alert
      ? `Te avisaremos de lo nuevo para «${search.name}».`
      : `Ya no te avisaremos para «${search.name}».`,
  digest: (search) =>
    search.digest
      ? `«${search.name}» va en el resumen diario por e-mail.`
      : `«${search.name}» ya no va en el resumen diario por e-mail.`,
};

/** A change of the list: rename, alert or digest on and off, delete; back to the list with a notice. */
export async function changeSearch(context: Context, formData: FormData) {
  const intent = formData.get(FIELDS.intent);
  const id = text(formData, FIELDS.id);
  if (id === undefined || id.length > 100)
    return data({ notice: { kind: 'error' as const, message: BROKEN_FORM } }, { status: 400 });
  const path = `/api/search/${encodeURIComponent(id)}`;
  try {
    if (intent === 'delete') {
      await callApi(context, path, { method: 'DELETE' });
      return redirectWithNotice(SEARCHES_PATH, { kind: 'success', message: 'Eliminamos la búsqueda.' });
    }
    let body: Record<string, unknown>;
    if (intent === 'rename') body = { name: formData.get(FIELDS.name) ?? '' };
    else if (intent === 'alert' || intent === 'digest')
      body = { [intent]: formData.get(FIELDS.value) === 'on' };
    else return data({ notice: { kind: 'error' as const, message: BROKEN_FORM } }, { status: 400 });
    const { data: search } = await callApi<SavedSearch>(context, path, { method: 'PUT', body });
    return redirectWithNotice(SEARCHES_PATH, { kind: 'success', message: DONE[intent]!(search) });
  } catch (error) {
    const notice: Notice = { kind: 'error', message: errorMessage(error) };
    return data({ notice, id, name: formData.get(FIELDS.name) }, { status: statusOf(error) });
  }
}
