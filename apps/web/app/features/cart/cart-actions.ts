import type { CartCandidate } from './cart';
import { addPublication, removePublication, removeSeller } from './cart';
import { getCart, saveCart } from './cart-store';
import { notifySuccess, notifyWarning } from '../../lib/notify';

export const CART_ADDED_MESSAGE = 'El producto se ha agregado correctamente';
export const CART_DUPLICATE_MESSAGE = 'Este item ya se encuentra en el carrito';
export const CART_REMOVED_MESSAGE = 'El producto se ha quitado correctamente';
export const CART_CLEARED_MESSAGE = '¡Todo correcto!';

/** Adds a publication to the contact cart with the notices of the spec; false when it was already there. */
export function addToCart(candidate: CartCandidate): boolean {
  const next = addPublication(getCart(), candidate);
  if (!next) {
    notifyWarning(CART_DUPLICATE_MESSAGE);
    return false;
  }
  saveCart(next);
  notifySuccess(CART_ADDED_MESSAGE);
  return true;
}

export function removeFromCart(publicationId: string): void {
  saveCart(removePublication(getCart(), publicationId));
  notifySuccess(CART_REMOVED_MESSAGE);
}

/** Empties a seller's group, after the visitor contacted them. */
export function clearSellerCart(sellerId: string): void {
  saveCart(removeSeller(getCart(), sellerId));
  notifySuccess(CART_CLEARED_MESSAGE);
}
