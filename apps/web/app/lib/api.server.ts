import type { RouterContextProvider } from 'react-router';
import { serverContext } from '../server-context';
import { readApiResponse } from './api-client';

type ApiCall = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * Calls the API in-process as the visitor (their cookie and origin go along, so the API's own checks apply) from a
 * loader or an action: the JSON answer and the response (for its cookies), or an ApiError with the API's message.
 */
export async function callApi<T>(
  context: Readonly<RouterContextProvider>,
  path: string,
  { method = 'GET', body, headers = {} }: ApiCall = {},
): Promise<{ data: T; response: Response }> {
  const { api } = context.get(serverContext);
  const response = await api(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { data: await readApiResponse<T>(response), response };
}
