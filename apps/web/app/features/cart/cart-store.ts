import { useSyncExternalStore } from 'react';
import type { ContactCart } from './cart';
import { CART_STORAGE_KEY, EMPTY_CART, parseCart } from './cart';

// A tiny external store over localStorage: every component that shows the cart re-renders when it changes, in this
// tab (after saveCart) and in the others (the browser's storage event). The server always renders an empty cart;
// the browser's cart appears right after hydration.

const listeners = new Set<() => void>();
// Used when storage is missing or refuses writes (private mode, full quota): the cart then lives as long as the page.
let memoryText: string | null = null;
let memoryOnly = false;
let snapshotText: string | null | undefined;
let snapshot: ContactCart = EMPTY_CART;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readText(): string | null {
  const store = storage();
  if (memoryOnly || !store) return memoryText;
  try {
    return store.getItem(CART_STORAGE_KEY);
  } catch {
    return memoryText;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // key null: another tab cleared the whole storage.
  if (event.key === CART_STORAGE_KEY || event.key === null) emit();
}

/** The current cart; the same object while the stored text does not change (as useSyncExternalStore requires). */
export function getCart(): ContactCart {
  const text = readText();
  if (text !== snapshotText) {
    snapshotText = text;
    snapshot = parseCart(text);
  }
  return snapshot;
}

function getServerCart(): ContactCart {
  return EMPTY_CART;
}

export function saveCart(cart: ContactCart): void {
  const text = cart.length === 0 ? null : JSON.stringify(cart);
  memoryText = text;
  const store = storage();
  if (store && !memoryOnly) {
    try {
      if (text === null) store.removeItem(CART_STORAGE_KEY);
      else store.setItem(CART_STORAGE_KEY, text);
    } catch {
      memoryOnly = true;
    }
  }
  emit();
}

export function subscribeCart(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined')
      window.removeEventListener('storage', onStorage);
  };
}

/** The contact cart, kept up to date across components and tabs. */
export function useCart(): ContactCart {
  return useSyncExternalStore(subscribeCart, getCart, getServerCart);
}
