import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SOCIAL_LINKS } from '../../config';
import { useSession } from '../../lib/session';
import { GUEST_MENU, MEMBER_MENU } from './menu-items';
import classes from './NavMenu.module.css';
import { SocialIcon } from './SocialIcon';

function isActive(pathname: string, to: string): boolean {
  // Mi Panel stays highlighted on its own page only: its sub-pages have entries elsewhere.
  return pathname === to || (to !== '/' && to !== '/dashboard' && pathname.startsWith(`${to}/`));
}

/** The inside of a menu entry: its icon and its label, as Mantine's NavLink lays them out. */
function EntryContent({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className={classes.icon}>{icon}</span>
      <span className={classes.body}>
        <span className={classes.label}>{label}</span>
      </span>
    </>
  );
}

/** Left drawer: the menu of guests or signed-in users, then the social networks. */
export function NavMenu() {
  const session = useSession();
  const { pathname } = useLocation();
  const items = session ? MEMBER_MENU : GUEST_MENU;

  return (
    <div className={classes.menu}>
      <div>
        {items.map(({ label, to, icon: ItemIcon }) => (
          <Link
            key={to}
            to={to}
            className={classes.entry}
            aria-current={isActive(pathname, to) ? 'page' : undefined}
          >
            <EntryContent icon={<ItemIcon size={20} aria-hidden />} label={label} />
          </Link>
        ))}
      </div>
      <div className={classes.divider} role="separator" aria-orientation="horizontal" />
      <section aria-labelledby="social-heading">
        <p id="social-heading" className={classes.heading}>
          Redes sociales
        </p>
        {SOCIAL_LINKS.map((link) => (
          <a
            key={link.key}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.entry}
          >
            <EntryContent icon={<SocialIcon network={link.key} />} label={link.label} />
          </a>
        ))}
      </section>
    </div>
  );
}
