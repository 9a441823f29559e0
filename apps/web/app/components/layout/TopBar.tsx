import { TOP_BAR_NAME_LENGTH } from '@eco/domain/constants';
import { truncate } from '@eco/domain/text';
import { ActionIcon, Badge, Burger, Button, Group } from '@mantine/core';
import { IconHeart, IconLogin, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useSession } from '../../lib/session';
import { useLayout } from './layout-context';
import { Logo } from './Logo';
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

export function TopBar() {
  const session = useSession();
  const { navbarOpened, toggleNavbar, rightView, openRightDrawer } = useLayout();
  const pathname = normalizePath(useLocation().pathname);
  const onAuthPage = pathname === '/auth';

  return (
    <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap={4}>
      <Group className={classes.side}>
        <Burger
          hiddenFrom="xs"
          size="sm"
          opened={navbarOpened.mobile}
          onClick={() => toggleNavbar('mobile')}
          aria-label={navbarOpened.mobile ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={navbarOpened.mobile}
          aria-controls="app-navbar"
        />
        <Burger
          visibleFrom="xs"
          size="sm"
          opened={navbarOpened.desktop}
          onClick={() => toggleNavbar('desktop')}
          aria-label={navbarOpened.desktop ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={navbarOpened.desktop}
          aria-controls="app-navbar"
        />
        <Logo crowded={session !== null || onAuthPage} />
        <Badge component={Link} to="/beta" variant="filled" size="sm" className={classes.beta}>
          Beta
        </Badge>
      </Group>

      <Group className={classes.side}>
        {session ? (
          <>
            {pathname !== '/dashboard/notifications' && (
              <NotificationBell
                expanded={rightView === 'notifications'}
                onOpen={() => openRightDrawer('notifications')}
              />
            )}
            <Button
              component={Link}
              to="/dashboard"
              variant="light"
              size="compact-md"
              leftSection={<UserPicture key={session.user.pictureUrl} url={session.user.pictureUrl} />}
              classNames={{ section: classes.userIcon }}
              title={session.user.name}
            >
              {truncate(session.user.name, TOP_BAR_NAME_LENGTH)}
            </Button>
          </>
        ) : (
          <>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label="Donar"
              aria-expanded={rightView === 'donation'}
              onClick={() => openRightDrawer('donation')}
            >
              <IconHeart size={22} aria-hidden />
            </ActionIcon>
            {!onAuthPage && (
              <>
                <Button component={Link} to="/auth" size="compact-md" visibleFrom="xs">
                  Ingresar
                </Button>
                <ActionIcon component={Link} to="/auth" size="lg" hiddenFrom="xs" aria-label="Ingresar">
                  <IconLogin size={20} aria-hidden />
                </ActionIcon>
              </>
            )}
            {onAuthPage && (
              <>
                <Button component={Link} to="/auth/new" size="compact-md" visibleFrom="xs">
                  Registrarse
                </Button>
                <ActionIcon
                  component={Link}
                  to="/auth/new"
                  size="lg"
                  hiddenFrom="xs"
                  aria-label="Registrarse"
                >
                  <IconUserPlus size={20} aria-hidden />
                </ActionIcon>
              </>
            )}
          </>
        )}
      </Group>
    </Group>
  );
}
