// Spanish messages of the deals routes (seller account, orders, payments, contacts).

export { PUBLICATION_NOT_FOUND_MESSAGE } from '../publications/messages.ts';

export const PAYMENTS_DISABLED_MESSAGE = 'Los pagos en línea no están habilitados en este sitio.';
export const AUTHORIZATION_INVALID_MESSAGE =
  'La autorización de Mercado Pago no es válida o ya fue usada. Vuelve a conectar tu cuenta desde Configuración.';
export const AUTHORIZATION_EXPIRED_MESSAGE =
  'La autorización de Mercado Pago venció. Vuelve a conectar tu cuenta desde Configuración.';
export const REDIRECT_MISMATCH_MESSAGE =
  'La dirección de regreso no coincide con la de la autorización. Vuelve a conectar tu cuenta desde Configuración.';
export const CODE_REFUSED_MESSAGE =
  'Mercado Pago no aceptó la autorización. Vuelve a conectar tu cuenta desde Configuración.';
export const MERCADOPAGO_UNAVAILABLE_MESSAGE =
  'No pudimos comunicarnos con Mercado Pago. Intenta nuevamente en unos minutos.';
export const SELLER_NOT_CONNECTED_MESSAGE =
  'El vendedor no tiene una cuenta de Mercado Pago conectada: contáctalo por WhatsApp.';
export const OWN_PUBLICATION_MESSAGE = 'No puedes comprar tu propio anuncio.';
export const NOT_PURCHASABLE_MESSAGE = 'Este anuncio no se puede comprar en línea.';
export const QUANTITY_MESSAGE = (max: number) =>
  `La cantidad debe ser un número entero entre 1 y ${max}, lo que ofrece el vendedor.`;
export const QUANTITY_FORMAT_MESSAGE = 'La cantidad debe ser un número entero mayor que 0.';
export const ORDER_NOT_FOUND_MESSAGE = 'La compra no existe.';
export const SIGNATURE_MESSAGE = 'Firma de la notificación no válida.';
export const CONTACT_SELLER_MESSAGE = 'El vendedor no existe.';
export const CONTACT_SELF_MESSAGE = 'No puedes consultarte a ti mismo.';
export const CONTACT_PUBLICATIONS_MESSAGE = 'Los anuncios elegidos no son de ese vendedor.';
export const ACCOUNT_TAKEN_MESSAGE =
  'Esa cuenta de Mercado Pago ya está conectada a otro usuario de EcoAnuncios. Conecta otra cuenta o desconéctala allí primero.';
