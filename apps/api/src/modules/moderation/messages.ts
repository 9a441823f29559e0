export const SELF_SUSPENSION_MESSAGE = 'No puedes suspender tu propia cuenta.';
export const SUPER_USER_SUSPENSION_MESSAGE = 'No puedes suspender a otro superusuario.';
export const NOT_SUSPENDED_MESSAGE = 'Esta cuenta no está suspendida.';
export const ALREADY_SUSPENDED_MESSAGE = 'Esta cuenta ya está suspendida.';
export const NOT_PUBLISHED_MESSAGE = 'Este anuncio no está publicado.';
export const ALREADY_PUBLISHED_MESSAGE = 'Este anuncio ya está publicado.';
export const NO_OPEN_REPORTS_MESSAGE = 'No hay denuncias abiertas sobre esto.';
