import type { PublicUser, UserRatingData } from '@eco/domain';
import type { RouterContextProvider } from 'react-router';
import { data } from 'react-router';
import { serverContext } from '../../server-context';
import { ApiError, errorMessage, readApiResponse } from '../../lib/api-client';
import type { PublicationJson, PublicationListPage } from './publications';

type Context = Readonly<RouterContextProvider>;

/** The route error of a failed API call: the app's 404 page for a 404, the API's message with its status otherwise. */
export function routeError(error: unknown): never {
  const status = error instanceof ApiError && error.statusCode >= 400 ? error.statusCode : 500;
  if (status === 404) throw data(null, { status });
  throw data(errorMessage(error), { status });
}

/** GET /api/publication/{id} as the visitor (unpublished ones only reach their author and super users). */
export async function loadPublication(context: Context, id: string): Promise<PublicationJson> {
  const { api } = context.get(serverContext);
  try {
    const answer = await readApiResponse<{ publication: PublicationJson }>(
      await api(`/api/publication/${encodeURIComponent(id)}`),
    );
    return answer.publication;
  } catch (error) {
    return routeError(error);
  }
}

/**
 * The API's refusal of a list's query as the page says it: each issue without the parameter it names ("from: La
 * fecha "desde"…" reads "La fecha "desde"…"), whose messages already say which criterion is wrong.
 */
export function withoutParameterNames(message: string): string {
  return message
    .split('; ')
    .map((issue) => issue.replace(/^[A-Za-z][\w.]*: /, ''))
    .join('; ');
}

/** GET /api/publications with a query built by apiListSearch; the error is returned for 400 answers. */
export async function loadPublicationPage(
  context: Context,
  search: string,
): Promise<{ page: PublicationListPage; error: null } | { page: null; error: string }> {
  const { api } = context.get(serverContext);
  try {
    return {
      page: await readApiResponse<PublicationListPage>(await api(`/api/publications?${search}`)),
      error: null,
    };
  } catch (error) {
    // A criterion the API refuses (say, a text too long) is shown on the page; anything else is a route error.
    if (error instanceof ApiError && error.statusCode === 400)
      return { page: null, error: withoutParameterNames(error.message) };
    return routeError(error);
  }
}

/** A user's public profile (GET /api/user/{id}); the app's 404 page for an unknown or inactive user. */
export async function loadPublicUser(
  context: Context,
  userId: string,
): Promise<{ user: PublicUser; userRatingData?: UserRatingData }> {
  const { api } = context.get(serverContext);
  try {
    return await readApiResponse(await api(`/api/user/${encodeURIComponent(userId)}`));
  } catch (error) {
    return routeError(error);
  }
}
