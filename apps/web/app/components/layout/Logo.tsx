import { APP_NAME } from '@eco/domain/constants';
import { Link } from 'react-router';
import classes from './Logo.module.css';
import { LeafLogo } from './LeafLogo';

/**
 * Leaf and name, linking home. The name hides on very narrow phones, a little earlier when the top bar is
 * crowded (a signed-in user's bell and name).
 */
export function Logo({ crowded = false }: { crowded?: boolean }) {
  return (
    <Link
      to="/"
      className={classes.logo}
      data-crowded={crowded || undefined}
      aria-label={`${APP_NAME}, ir al inicio`}
    >
      <LeafLogo size={28} />
      <span className={classes.name}>{APP_NAME}</span>
    </Link>
  );
}
