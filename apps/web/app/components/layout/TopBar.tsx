import { TOP_BAR_NAME_LENGTH } from '@eco/domain/constants';
import { truncate } from '@eco/domain/text';
import { IconHeart, IconLogin, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useSession } from '../../lib/session';
import { useLayout } from './layout-context';
import { Logo } from './Logo';
import controls from './controls.module.css';
import classes from './TopBar.module.css';

function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The user's photo in the top bar, or a generic icon without one (or when it fails to load). */
function UserPicture({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <IconUser size={18} aria-hidden />;
  return <img src={url} alt="" className={classes.userPicture} onError={() => setFailed(true)} />;
}

/** A button of the top bar as Mantine's Burger draws it; which one shows depends on the screen (CSS). */
function MenuBurger({
  screen,
  opened,
  onClick,
}: {
  screen: 'mobile' | 'desktop';
  opened: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`${controls.base} ${controls.burger} ${screen === 'mobile' ? controls.hiddenFromXs : controls.visibleFromXs}`}
      onClick={onClick}
      aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
      aria-expanded={opened}
      aria-controls="app-navbar"
    >
      <div className={controls.burgerLines} data-opened={opened || undefined} />
    </button>
  );
}

const ICON_BUTTON = `${controls.base} ${controls.pressable} ${controls.colored} ${controls.icon}`;
const COMPACT_BUTTON = `${controls.base} ${controls.pressable} ${controls.colored} ${controls.button} ${controls.compactMd}`;

/** A compact text button of the top bar (Ingresar, Registrarse), shown from the xs breakpoint on. */
function TopBarLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={`${COMPACT_BUTTON} ${controls.visibleFromXs}`}>
      <span className={controls.inner}>
        <span className={controls.label}>{children}</span>
      </span>
    </Link>
  );
}

export function TopBar() {
  const session = useSession();
  const { navbarOpened, toggleNavbar, rightView, openRightDrawer } = useLayout();
  const pathname = normalizePath(useLocation().pathname);
  const onAuthPage = pathname === '/auth';

  return (
    <div className={classes.bar}>
      <div className={classes.side}>
        <MenuBurger screen="mobile" opened={navbarOpened.mobile} onClick={() => toggleNavbar('mobile')} />
        <MenuBurger screen="desktop" opened={navbarOpened.desktop} onClick={() => toggleNavbar('desktop')} />
        <Logo crowded={session !== null || onAuthPage} />
        <Link to="/beta" className={`${controls.badge} ${classes.beta}`}>
          <span className={controls.badgeLabel}>Beta</span>
        </Link>
      </div>

      <div className={classes.side}>
        {session ? (
          <>
            {pathname !== '/dashboard/notifications' && (
              <NotificationBell
                expanded={rightView === 'notifications'}
                onOpen={() => openRightDrawer('notifications')}
              />
            )}
            <Link
              to="/dashboard"
              className={`${COMPACT_BUTTON} ${controls.light} ${controls.withLeftSection}`}
              title={session.user.name}
            >
              <span className={controls.inner}>
                <span className={`${controls.section} ${classes.userIcon}`}>
                  <UserPicture key={session.user.pictureUrl} url={session.user.pictureUrl} />
                </span>
                <span className={controls.label}>{truncate(session.user.name, TOP_BAR_NAME_LENGTH)}</span>
              </span>
            </Link>
          </>
        ) : (
          <>
            <button
              type="button"
              className={`${ICON_BUTTON} ${controls.subtle} ${controls.red}`}
              aria-label="Donar"
              aria-expanded={rightView === 'donation'}
              onClick={() => openRightDrawer('donation')}
            >
              <IconHeart size={22} aria-hidden />
            </button>
            {!onAuthPage && (
              <>
                <TopBarLink to="/auth">Ingresar</TopBarLink>
                <Link to="/auth" className={`${ICON_BUTTON} ${controls.hiddenFromXs}`} aria-label="Ingresar">
                  <IconLogin size={20} aria-hidden />
                </Link>
              </>
            )}
            {onAuthPage && (
              <>
                <TopBarLink to="/auth/new">Registrarse</TopBarLink>
                <Link
                  to="/auth/new"
                  className={`${ICON_BUTTON} ${controls.hiddenFromXs}`}
                  aria-label="Registrarse"
                >
                  <IconUserPlus size={20} aria-hidden />
                </Link>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
