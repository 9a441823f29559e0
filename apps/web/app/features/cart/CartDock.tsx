import type { CSSProperties } from 'react';
import { IconShoppingCart } from '@tabler/icons-react';
import controls from '../../components/layout/controls.module.css';
import classes from './CartButton.module.css';

type CartDockProps = { count: number; bumps: number; animationStyle: CSSProperties; onOpen: () => void };

/**
 * The floating button itself, fetched once the cart has items (CartButton.tsx): most visitors never have a cart,
 * and the button only ever shows after hydration, when the browser's cart is read.
 */
export default function CartDock({ count, bumps, animationStyle, onOpen }: CartDockProps) {
  return (
    <div className={classes.dock} style={animationStyle}>
      <button
        type="button"
        className={`${controls.base} ${controls.pressable} ${controls.colored} ${controls.button} ${controls.md} ${classes.button}`}
        aria-label={`Carrito de contactos (${count})`}
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        <span className={controls.inner}>
          <span className={controls.label}>
            <span key={bumps} className={`${classes.content} ${bumps > 0 ? classes.bump : ''}`}>
              <IconShoppingCart size={22} aria-hidden />
              <span className={`${controls.badge} ${controls.badgeCircle} ${classes.count}`} aria-hidden>
                <span className={controls.badgeLabel}>{count}</span>
              </span>
            </span>
          </span>
        </span>
      </button>
    </div>
  );
}
