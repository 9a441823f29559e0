/** What the sign-in page says for a wrong e-mail or password (the API's 401). */
export const WRONG_CREDENTIALS = 'Las credenciales son incorrectas';

/** An account that exists but was never activated: the page offers a new activation e-mail. */
export type NotActivated = { email: string; message: string };
