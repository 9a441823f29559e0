import { CART_ANIMATION_MS } from '@eco/domain/constants';
import type { CSSProperties } from 'react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { cartCount } from './cart';
import { useCart } from './cart-store';

// The dialog (Modal, avatars, notices) is fetched the first time it opens, the button when the cart has items: every
// page loads only this component and the cart's store.
const CartDialog = lazy(() => import('./CartDialog'));
const CartDock = lazy(() => import('./CartDock'));

const ANIMATION_STYLE = { '--cart-animation-ms': `${CART_ANIMATION_MS}ms` } as CSSProperties;

const subscribeNothing = () => () => {};

/**
 * The floating contact-cart button (CartDock.tsx), shown while the cart has items, with their count. The count bumps
 * for CART_ANIMATION_MS when it changes (not when the stored cart first appears after hydration).
 */
export function CartButton() {
  const count = cartCount(useCart());
  // False on the server and while hydrating (the cart then reads empty), true once the stored cart is read.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  // `seen` is the count of the browser's cart last rendered; `bumps` restarts the animation (the animated
  // element is keyed by it). Adjusted while rendering, without an effect.
  const [animation, setAnimation] = useState<{ seen: number | null; bumps: number }>({
    seen: null,
    bumps: 0,
  });
  const [dialog, setDialog] = useState({ opened: false, mounted: false });

  if (hydrated && animation.seen !== count) {
    setAnimation({ seen: count, bumps: animation.seen === null ? animation.bumps : animation.bumps + 1 });
  }

  return (
    <>
      {count > 0 && (
        <Suspense fallback={null}>
          <CartDock
            count={count}
            bumps={animation.bumps}
            animationStyle={ANIMATION_STYLE}
            onOpen={() => setDialog({ opened: true, mounted: true })}
          />
        </Suspense>
      )}
      {dialog.mounted && (
        <Suspense fallback={null}>
          <CartDialog opened={dialog.opened} onClose={() => setDialog({ opened: false, mounted: true })} />
        </Suspense>
      )}
    </>
  );
}
