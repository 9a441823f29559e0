/** Where "Descargar mis datos" points: the API answers a JSON file to save (the session cookie signs the request). */
export const EXPORT_URL = '/api/me/export';
