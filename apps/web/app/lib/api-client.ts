/** Shown when the server cannot be reached or answers something that is not the API's JSON. */
export const NETWORK_ERROR_MESSAGE =
  'No pudimos comunicarnos con el servidor. Revisa tu conexión e intenta de nuevo.';

type ErrorBody = { statusCode?: unknown; error?: unknown; message?: unknown; code?: unknown };

/** An error answer of the API (`{ statusCode, error, message }`, message in Spanish), or a network failure (status 0). */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly error: string;
  /** Machine-readable reason some answers add, e.g. 'ACCOUNT_NOT_ACTIVATED'. */
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, error = '', code?: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.error = error;
    this.code = code;
  }

  /** Builds the error from an answer's status and (already parsed) body. */
  static fromBody(status: number, body: unknown): ApiError {
    const { statusCode, error, message, code } = (
      typeof body === 'object' && body !== null ? body : {}
    ) as ErrorBody;
    return new ApiError(
      typeof statusCode === 'number' ? statusCode : status,
      typeof message === 'string' && message !== '' ? message : NETWORK_ERROR_MESSAGE,
      typeof error === 'string' ? error : '',
      typeof code === 'string' ? code : undefined,
    );
  }
}

/** The JSON value of a body text, or undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Reads an API answer: the JSON body when the status is 2xx (undefined for 204), an ApiError otherwise. Works for
 * the browser's fetch and for the server context's in-process `api()` alike.
 */
export async function readApiResponse<T>(response: Response): Promise<T> {
  const body = parseJson(await response.text());
  if (!response.ok) throw ApiError.fromBody(response.status, body);
  return body as T;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. Without it no Content-Type is sent (the API refuses an empty JSON body). */
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls the API from the browser with the session cookie (same origin); throws ApiError on any failure. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: ApiRequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  return readApiResponse<T>(response);
}

/** The user-facing text of any error thrown while calling the API. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
}
