import { data, redirect, type RouterContextProvider } from 'react-router';
import { ApiError, errorMessage } from '../api-client';
import { callApi } from '../api.server';
import { getSession } from '../auth.server';
import { safeRedirectPath, signInPath } from '../redirect-to';
import { redirectWithNotice } from './flash.server';
import type { Notice } from './notice';

type Context = Readonly<RouterContextProvider>;

/** A member's on/off mark of a publication ("Guardar", "Me interesa"): its form fields and its API address. */
export type ToggleSpec<Key extends string> = {
  /** The field that says the state asked for, '1' or '0' (a repeated post changes nothing), and the answer's key. */
  stateField: Key;
  /** PUT marks, DELETE unmarks. */
  apiPath: (publicationId: string) => string;
  /** Where to go back to when the form names no page. */
  fallback: (publicationId: string) => string;
  /** The message of a form that arrived incomplete. */
  broken: string;
};

/** The toggle's answer once scripts run: the state now, and a refusal's message (also at the top of the page). */
export type ToggleAnswer<Key extends string> = { [K in Key]: boolean } & {
  notice?: Notice;
  message?: string;
};

/**
 * Marks or unmarks as the visitor (the API decides who may), then back to the page the form was on, or, once scripts
 * run, the new state for the toggle. A guest goes to sign in and comes back to that page.
 */
export async function toggleThroughApi<Key extends string>(
  context: Context,
  formData: FormData | null,
  spec: ToggleSpec<Key>,
) {
  const answer = (on: boolean, notice?: Notice) =>
    ({ [spec.stateField]: on, ...(notice ? { message: notice.message, notice } : {}) }) as ToggleAnswer<Key>;
  const id = formData?.get('publicationId');
  const wanted = formData?.get(spec.stateField);
  if (typeof id !== 'string' || id === '' || id.length > 100 || (wanted !== '1' && wanted !== '0')) {
    return data(answer(false, { kind: 'error', message: spec.broken }), { status: 400 });
  }
  const backValue = formData?.get('back');
  // Only a page of this site: the form is no open redirect.
  const back = safeRedirectPath(typeof backValue === 'string' ? backValue : null, spec.fallback(id));
  if (getSession(context) === null) return redirect(signInPath(back));

  const on = wanted === '1';
  const scripted = formData?.get('scripted') === '1';
  try {
    await callApi(context, spec.apiPath(encodeURIComponent(id)), { method: on ? 'PUT' : 'DELETE' });
  } catch (error) {
    const notice: Notice = { kind: 'error', message: errorMessage(error) };
    if (!scripted) return redirectWithNotice(back, notice);
    const status = error instanceof ApiError && error.statusCode >= 400 ? error.statusCode : 503;
    return data(answer(!on, notice), { status });
  }
  if (!scripted) return redirect(back, 303);
  return answer(on);
}

/**
 * Which of a list's publications the signed-in member marked (`/api/favorites/among`, `/api/interests/among`): the
 * list is the same for everybody and never says it. Nothing for guests, and nothing rather than an error page.
 */
export async function loadMarkedAmong(
  context: Context,
  amongPath: string,
  ids: readonly string[],
): Promise<string[]> {
  if (getSession(context) === null || ids.length === 0) return [];
  try {
    const { data: answer } = await callApi<{ ids: string[] }>(
      context,
      `${amongPath}?ids=${ids.map(encodeURIComponent).join(',')}`,
    );
    return answer.ids;
  } catch {
    return [];
  }
}
