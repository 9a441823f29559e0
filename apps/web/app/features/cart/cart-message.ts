import { DEFAULT_CONTACT_PHONE } from '@eco/domain/constants';
import type { CartGroup } from './cart';

/** The message sent when the seller's group has no publications (it should not happen, but the link must work). */
export const EMPTY_CART_MESSAGE =
  'Hola, te escribo desde EcoAnuncios, pero no tengo publicaciones seleccionadas en mi carrito.';

/**
 * The prefilled WhatsApp message to a seller: a greeting by first name and the titles of the chosen publications,
 * one per line.
 */
export function contactMessage(sellerName: string, titles: readonly string[]): string {
  if (titles.length === 0) return EMPTY_CART_MESSAGE;
  const firstName = sellerName.trim().split(/\s+/)[0] ?? '';
  const greeting = firstName ? `¡Hola, ${firstName}!` : '¡Hola!';
  const intro =
    titles.length === 1
      ? 'Vi tu publicación en EcoAnuncios y me interesa:'
      : 'Vi tus publicaciones en EcoAnuncios y me interesan:';
  return [`${greeting} ${intro}`, ...titles.map((title) => `- ${title}`), '¿Podemos hablar?'].join('\n');
}

/** The digits of a phone number for wa.me, or the default contact number when none remain. */
export function contactPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits || DEFAULT_CONTACT_PHONE;
}

/** https://wa.me/{digits}?text={message} for a seller's group of the cart. */
export function contactUrl(group: Pick<CartGroup, 'seller' | 'publications'>): string {
  const message = contactMessage(
    group.seller.name,
    group.publications.map((publication) => publication.title),
  );
  return `https://wa.me/${contactPhone(group.seller.phone)}?text=${encodeURIComponent(message)}`;
}
