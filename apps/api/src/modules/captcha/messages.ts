// What the captcha answers (Spanish, shown to the user as is). Every failure is a 400 that asks to try again.

export const CAPTCHA_MISSING_MESSAGE = 'Completa la verificación de que eres una persona.';
export const CAPTCHA_INVALID_MESSAGE =
  'La verificación de que eres una persona no es válida. Hazla de nuevo.';
export const CAPTCHA_EXPIRED_MESSAGE = 'La verificación de que eres una persona expiró. Hazla de nuevo.';
export const CAPTCHA_REPLAYED_MESSAGE = 'Esta verificación ya se usó. Hazla de nuevo.';
export const CAPTCHA_LOW_SCORE_MESSAGE =
  'No pudimos comprobar que eres una persona. Intenta de nuevo en unos minutos.';
export const CAPTCHA_UNAVAILABLE_MESSAGE =
  'El servicio de verificación no responde. Intenta de nuevo en unos minutos.';
export const CAPTCHA_NOT_USED_MESSAGE = 'Este sitio no usa ese tipo de verificación.';
