import { renderEmail, type RenderedEmail } from './layout.ts';

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** Sent after sign-up, with the single-use activation link (`{PUBLIC_URL}/auth/new/{token}`). */
export function activationEmail(input: { name: string; url: string; publicUrl: string }): RenderedEmail {
  return renderEmail({
    subject: 'Activa tu cuenta de EcoAnuncios',
    preheader: 'Confirma tu correo para empezar a publicar y a contactar en EcoAnuncios.',
    heading: '¡Te damos la bienvenida a EcoAnuncios!',
    name: input.name,
    blocks: [
      'Gracias por sumarte a la comunidad que comparte puntos de reciclaje, eventos, productos y materiales para vivir de forma más sustentable.',
      'Para activar tu cuenta, confirma tu correo con este botón:',
      { label: 'Activar mi cuenta', url: input.url, primary: true },
      'El enlace vence en 48 horas y se puede usar una sola vez. Si vence, puedes pedir uno nuevo desde la página de ingreso.',
    ],
    reason:
      'Recibiste este correo porque se creó una cuenta en EcoAnuncios con esta dirección. Si no fuiste tú, ignóralo: la cuenta no se activará.',
    publicUrl: input.publicUrl,
  });
}

/** Sent instead of a second account when someone signs up with an e-mail that already has one. */
export function accountExistsEmail(input: {
  name: string;
  signInUrl: string;
  resetUrl: string;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'Ya tienes una cuenta en EcoAnuncios',
    preheader: 'Alguien intentó crear una cuenta nueva con tu correo.',
    heading: 'Ya tienes una cuenta con este correo',
    name: input.name,
    blocks: [
      'Alguien intentó crear una cuenta nueva en EcoAnuncios con esta dirección de correo, pero ya hay una cuenta registrada con ella.',
      'Si fuiste tú, no necesitas otra cuenta: ingresa con tu correo y tu contraseña.',
      { label: 'Ingresar a EcoAnuncios', url: input.signInUrl, primary: true },
      '¿No recuerdas tu contraseña? Puedes elegir una nueva:',
      { label: 'Restablecer mi contraseña', url: input.resetUrl },
      'Si no fuiste tú, ignora este correo: tu cuenta sigue segura y nadie puede usarla sin tu contraseña.',
    ],
    reason: 'Recibiste este correo porque se intentó registrar esta dirección en EcoAnuncios.',
    publicUrl: input.publicUrl,
  });
}

/** Sent on a reset request, with the single-use link (`{PUBLIC_URL}/auth/reset/{token}`). */
export function resetPasswordEmail(input: { name: string; url: string; publicUrl: string }): RenderedEmail {
  return renderEmail({
    subject: 'Restablece tu contraseña de EcoAnuncios',
    preheader: 'Elige una contraseña nueva para tu cuenta. El enlace es válido durante 1 hora.',
    heading: 'Restablece tu contraseña',
    name: input.name,
    blocks: [
      'Recibimos un pedido para restablecer la contraseña de tu cuenta de EcoAnuncios.',
      'Para elegir una contraseña nueva, usa este botón:',
      { label: 'Elegir una contraseña nueva', url: input.url, primary: true },
      'El enlace es válido durante 1 hora y se puede usar una sola vez.',
      'Si no lo pediste, ignora este correo: tu contraseña actual sigue funcionando.',
    ],
    reason:
      'Recibiste este correo porque se pidió restablecer la contraseña de la cuenta de EcoAnuncios asociada a esta dirección.',
    publicUrl: input.publicUrl,
  });
}

/** A notice after the password changed, so the owner notices when it was not them. */
export function passwordChangedEmail(input: { name: string; publicUrl: string }): RenderedEmail {
  const home = withoutTrailingSlash(input.publicUrl);
  return renderEmail({
    subject: 'Tu contraseña de EcoAnuncios cambió',
    preheader: 'Te avisamos que la contraseña de tu cuenta se actualizó.',
    heading: 'Tu contraseña se actualizó',
    name: input.name,
    blocks: [
      'Te avisamos que la contraseña de tu cuenta de EcoAnuncios acaba de cambiar. Por seguridad, cerramos las sesiones que estaban abiertas.',
      'Si fuiste tú, no necesitas hacer nada más: ya puedes ingresar con tu contraseña nueva.',
      { label: 'Ingresar a EcoAnuncios', url: `${home}/auth`, primary: true },
      'Si no fuiste tú, restablece tu contraseña ahora mismo para recuperar el control de tu cuenta:',
      { label: 'Restablecer mi contraseña', url: `${home}/auth/reset` },
    ],
    reason:
      'Recibiste este correo porque cambió la contraseña de tu cuenta de EcoAnuncios. Siempre te avisamos, por tu seguridad.',
    publicUrl: home,
  });
}
