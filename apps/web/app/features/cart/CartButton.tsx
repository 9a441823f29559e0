import { CART_ANIMATION_MS } from '@eco/domain/constants';
import { IconShoppingCart } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { cartCount } from './cart';
import { useCart } from './cart-store';
import controls from '../../components/layout/controls.module.css';
import classes from './CartButton.module.css';

// The dialog (Modal, avatars, notices) is fetched the first time it opens: every page loads only this button.
const CartDialog = lazy(() => import('./CartDialog'));

const ANIMATION_STYLE = { '--cart-animation-ms': `${CART_ANIMATION_MS}ms` } as CSSProperties;

const subscribeNothing = () => () => {};

/**
 * The floating contact-cart button, shown while the cart has items, with their count. The count bumps for
 * CART_ANIMATION_MS when it changes (not when the stored cart first appears after hydration).
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
        <div className={classes.dock} style={ANIMATION_STYLE}>
          <button
            type="button"
            className={`${controls.base} ${controls.pressable} ${controls.colored} ${controls.button} ${controls.md} ${classes.button}`}
            aria-label={`Carrito de contactos (${count})`}
            aria-haspopup="dialog"
            onClick={() => setDialog({ opened: true, mounted: true })}
          >
            <span className={controls.inner}>
              <span className={controls.label}>
                <span
                  key={animation.bumps}
                  className={`${classes.content} ${animation.bumps > 0 ? classes.bump : ''}`}
                >
                  <IconShoppingCart size={22} aria-hidden />
                  <span className={`${controls.badge} ${controls.badgeCircle} ${classes.count}`} aria-hidden>
                    <span className={controls.badgeLabel}>{count}</span>
                  </span>
                </span>
              </span>
            </span>
          </button>
        </div>
      )}
      {dialog.mounted && (
        <Suspense fallback={null}>
          <CartDialog opened={dialog.opened} onClose={() => setDialog({ opened: false, mounted: true })} />
        </Suspense>
      )}
    </>
  );
}
