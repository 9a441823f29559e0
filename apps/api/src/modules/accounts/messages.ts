// What the account routes answer (Spanish, shown to the user as is).

export const SIGNED_UP_MESSAGE = 'Te enviamos un correo para activar tu cuenta.';
export const RESEND_MESSAGE =
  'Si la cuenta existe y no está activada, te enviamos un nuevo enlace de activación.';
export const RESET_REQUESTED_MESSAGE =
  'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';
export const PASSWORD_CHANGED_MESSAGE = 'Tu contraseña se actualizó. Ya puedes ingresar.';

export const INVALID_ACTIVATION_MESSAGE = 'El enlace de activación no es válido o ya expiró';
export const INVALID_RESET_MESSAGE = 'El enlace para restablecer la contraseña no es válido o ya expiró';
export const WRONG_CREDENTIALS_MESSAGE = 'Las credenciales son incorrectas';
export const NOT_ACTIVATED_MESSAGE =
  'Tu cuenta todavía no está activada. Revisa tu correo o pide un nuevo enlace de activación.';
export const DISABLED_MESSAGE = 'Tu cuenta está desactivada. Si crees que es un error, escríbenos a soporte.';
