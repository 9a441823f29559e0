import { apiRequest } from '../../lib/api-client';

/** Where "Descargar mis datos" points: the API answers a JSON file to save (the session cookie signs the request). */
export const EXPORT_URL = '/api/me/export';

/** Deletes the signed-in member's account; the server also clears the session cookie. */
export function deleteAccount(password: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/me', { method: 'DELETE', body: { password } });
}
