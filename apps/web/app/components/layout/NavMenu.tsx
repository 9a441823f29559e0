import { Divider, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { SOCIAL_LINKS } from '../../config';
import { useSession } from '../../lib/session';
import { GUEST_MENU, MEMBER_MENU } from './menu-items';
import { SocialIcon } from './SocialIcon';

function isActive(pathname: string, to: string): boolean {
  // Mi Panel stays highlighted on its own page only: its sub-pages have entries elsewhere.
  return pathname === to || (to !== '/' && to !== '/dashboard' && pathname.startsWith(`${to}/`));
}

/** Left drawer: the menu of guests or signed-in users, then the social networks. */
export function NavMenu() {
  const session = useSession();
  const { pathname } = useLocation();
  const items = session ? MEMBER_MENU : GUEST_MENU;

  return (
    <Stack gap="md">
      <div>
        {items.map(({ label, to, icon: ItemIcon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            active={isActive(pathname, to)}
            leftSection={<ItemIcon size={20} aria-hidden />}
            aria-current={isActive(pathname, to) ? 'page' : undefined}
          />
        ))}
      </div>
      <Divider />
      <section aria-labelledby="social-heading">
        <Text id="social-heading" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
          Redes sociales
        </Text>
        {SOCIAL_LINKS.map((link) => (
          <NavLink
            key={link.key}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            label={link.label}
            leftSection={<SocialIcon network={link.key} />}
          />
        ))}
      </section>
    </Stack>
  );
}
