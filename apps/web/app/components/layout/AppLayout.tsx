import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useLiveUnreadCount } from '../../features/notifications/NotificationBell';
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
// Only signed-in visitors need the expiry timer: guests never download it.
const SessionExpiry = lazy(() => import('./SessionExpiry'));

// Overlays remember the location they were opened on: a route change closes them without an effect.
type Overlay<T> = { value: T; locationKey: string; opened: boolean };

/** The app shell: top bar, left menu (sidebar on desktop, overlay on phones), right drawer and footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { key: locationKey } = useLocation();
  const session = useSession();
  useStoredSessionSync(session);
  useLiveUnreadCount(session?.userId ?? null);
  const [desktopNavbar, setDesktopNavbar] = useState(true);
  const [mobileNavbar, setMobileNavbar] = useState<Overlay<true> | null>(null);
  const [right, setRight] = useState<Overlay<RightDrawerView> | null>(null);

  const mobileNavbarOpened = !!mobileNavbar?.opened && mobileNavbar.locationKey === locationKey;
  const rightOpened = !!right?.opened && right.locationKey === locationKey;

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
      <AppShell
        header={{ height: 56 }}
        navbar={{
          width: 264,
          breakpoint: 'xs',
          collapsed: { mobile: !mobileNavbarOpened, desktop: !desktopNavbar },
        }}
        padding={{ base: 'sm', xs: 'md' }}
      >
        <AppShell.Header>
          <TopBar />
        </AppShell.Header>
        <AppShell.Navbar
          id="app-navbar"
          p="xs"
          aria-label="Menú principal"
          data-opened-mobile={mobileNavbarOpened || undefined}
          data-opened-desktop={desktopNavbar || undefined}
          className={classes.navbar}
        >
          <NavMenu />
        </AppShell.Navbar>
        <AppShell.Main className={classes.main}>
          <div className={classes.content}>
            {children}
            <AssistantButton />
            <CartButton />
          </div>
          <Footer />
        </AppShell.Main>
      </AppShell>
      {session && (
        <Suspense fallback={null}>
          <SessionExpiry tokenExpiration={session.tokenExpiration} />
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
