import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import { getSession } from '../../lib/auth.server';
import { loadMarkedAmong, toggleThroughApi } from '../../lib/forms/toggle-action.server';
import { publicationPath } from '../publications/publications';
import { FIELDS } from './interest-form';

type Context = Readonly<RouterContextProvider>;

const BROKEN_FORM =
  'El botón «Me interesa» llegó incompleto. Vuelve a la página del evento e inténtalo de nuevo.';

/** "Me interesa" on and off, as the visitor (PUT or DELETE /api/publication/{id}/interest); guests sign in first. */
export function toggleInterest(context: Context, formData: FormData | null) {
  return toggleThroughApi(context, formData, {
    stateField: FIELDS.interested,
    apiPath: (id) => `/api/publication/${id}/interest`,
    fallback: publicationPath,
    broken: BROKEN_FORM,
  });
}

/** Which of a list's events and courses the signed-in member marked; nothing for guests. */
export function loadInterestedAmong(context: Context, ids: readonly string[]): Promise<string[]> {
  return loadMarkedAmong(context, '/api/interests/among', ids);
}

export type InterestedMember = { _id: string; name: string; pictureUrl: string | null; profileUrl: string };

/**
 * Who marked "Me interesa", for the publication's author and the super users (the API refuses the others); null for
 * anybody else, or when the answer fails (the page shows the count alone then).
 */
export async function loadInterested(
  context: Context,
  publication: { _id: string; createdBy: { _id: string } },
): Promise<{ members: InterestedMember[]; total: number } | null> {
  const session = getSession(context);
  if (session === null) return null;
  if (session.user._id !== publication.createdBy._id && !session.user.isSuperUser) return null;
  try {
    const { data } = await callApi<{ members: InterestedMember[]; total: number }>(
      context,
      `/api/publication/${encodeURIComponent(publication._id)}/interested?pageSize=60`,
    );
    return data;
  } catch {
    return null;
  }
}
