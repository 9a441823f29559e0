import type { ReactNode, RefObject } from 'react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import { useRootData } from '../../lib/root-data';
import { useSession, useStoredSessionSync } from '../../lib/session';
import { AssistantButton } from '../../features/assistant/AssistantButton';
import { CartButton } from '../../features/cart/CartButton';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import type { LayoutApi, RightDrawerView } from './layout-context';
import { LayoutContext } from './layout-context';
import { NavMenu } from './NavMenu';
import { TopBar } from './TopBar';

// The drawer (Mantine Drawer, focus trap, scroll lock) is fetched the first time it opens, not on every page load.
const RightDrawer = lazy(() => import('./RightDrawer'));
// Only signed-in visitors need the expiry timer and the live unread count: guests never download them.
const SessionExpiry = lazy(() => import('./SessionExpiry'));
const UnreadCountStream = lazy(() => import('../../features/notifications/UnreadCountStream'));

// Overlays remember the location they were opened on: a route change closes them without an effect.
type Overlay<T> = { value: T; locationKey: string; opened: boolean };

/** The app shell: top bar, left menu (sidebar on desktop, overlay on phones), right drawer and footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { key: locationKey } = useLocation();
  const session = useSession();
  const rootData = useRootData();
  useStoredSessionSync(session);
  const [desktopNavbar, setDesktopNavbar] = useState(true);
  const [mobileNavbar, setMobileNavbar] = useState<Overlay<true> | null>(null);
  const [right, setRight] = useState<Overlay<RightDrawerView> | null>(null);

  const mobileNavbarOpened = !!mobileNavbar?.opened && mobileNavbar.locationKey === locationKey;
  const rightOpened = !!right?.opened && right.locationKey === locationKey;
  const rootRef = useRef<HTMLDivElement>(null);
  useStillWhileResizing(rootRef);

  const toggleNavbar = useCallback(
    (screen: 'mobile' | 'desktop') => {
      setRight((current) => (current ? { ...current, opened: false } : current));
      if (screen === 'desktop') setDesktopNavbar((opened) => !opened);
      else setMobileNavbar(mobileNavbarOpened ? null : { value: true, locationKey, opened: true });
    },
    [locationKey, mobileNavbarOpened],
  );

  const openRightDrawer = useCallback(
    (view: RightDrawerView) => {
      // The two sidebars are mutually exclusive.
      setDesktopNavbar(false);
      setMobileNavbar(null);
      setRight({ value: view, locationKey, opened: true });
    },
    [locationKey],
  );

  const closeRightDrawer = useCallback(() => {
    setRight((current) => (current ? { ...current, opened: false } : current));
  }, []);

  const api = useMemo<LayoutApi>(
    () => ({
      navbarOpened: { mobile: mobileNavbarOpened, desktop: desktopNavbar },
      toggleNavbar,
      rightView: rightOpened && right ? right.value : null,
      openRightDrawer,
      closeRightDrawer,
    }),
    [mobileNavbarOpened, desktopNavbar, toggleNavbar, rightOpened, right, openRightDrawer, closeRightDrawer],
  );

  return (
    <LayoutContext value={api}>
      {/* The shell Mantine's AppShell drew, in plain elements and AppLayout.module.css: AppShell also pulled a
          scroll-lock library into every first load for one class name. */}
      <div ref={rootRef} className={classes.root} data-resizing>
        {/* Fixed elements with this class are moved by the scroll lock of an open dialog, as AppShell's header was. */}
        <header className={`${classes.header} right-scroll-bar-position`}>
          <TopBar />
        </header>
        <nav
          id="app-navbar"
          aria-label="Menú principal"
          data-opened-mobile={mobileNavbarOpened || undefined}
          data-opened-desktop={desktopNavbar || undefined}
          className={classes.navbar}
        >
          <NavMenu />
        </nav>
        <main className={classes.main}>
          <div className={classes.content}>
            <ActionNotice notice={rootData?.notice} />
            {children}
            <AssistantButton />
            <CartButton />
          </div>
          <Footer />
        </main>
      </div>
      {session && (
        <Suspense fallback={null}>
          <SessionExpiry tokenExpiration={session.tokenExpiration} />
          <UnreadCountStream userId={session.userId} />
        </Suspense>
      )}
      {right && (
        <Suspense fallback={null}>
          <RightDrawer opened={rightOpened} view={right.value} onClose={closeRightDrawer} />
        </Suspense>
      )}
    </LayoutContext>
  );
}

const RESIZE_SETTLE_MS = 200;

/**
 * Keeps `data-resizing` on the shell until the first paint has settled and while the window is being resized, so
 * the menu and the content do not slide when the layout changes by itself (a phone turned, a window crossing the
 * breakpoint), only when the visitor opens or closes the menu.
 */
function useStillWhileResizing(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let timer = 0;
    const settle = () => {
      root.setAttribute('data-resizing', '');
      window.clearTimeout(timer);
      timer = window.setTimeout(() => root.removeAttribute('data-resizing'), RESIZE_SETTLE_MS);
    };
    settle();
    window.addEventListener('resize', settle);
    return () => {
      window.removeEventListener('resize', settle);
      window.clearTimeout(timer);
    };
  }, [ref]);
}
