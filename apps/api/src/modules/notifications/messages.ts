// Spanish answers of the notifications routes.

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'La notificación no existe';
export const DELETE_UNREAD_MESSAGE =
  'Solo se pueden eliminar las notificaciones leídas. Márcala como leída antes de eliminarla.';
export const UNSUBSCRIBE_INVALID_MESSAGE =
  'El enlace para dejar de recibir correos no es válido. Puedes desactivarlos desde tu configuración.';
export const UNSUBSCRIBED_MESSAGE =
  'Listo: ya no te enviaremos avisos por correo. Puedes volver a activarlos desde tu configuración.';
