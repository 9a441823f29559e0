import type { ReactNode } from 'react';
import classes from './AgendaLayout.module.css';

/**
 * Explore's results with the month view and the subscribe control beside them on wide screens (first, above the
 * list, on phones); without an aside, the results alone.
 */
export function AgendaLayout({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  if (!aside) return <div className={classes.results}>{children}</div>;
  return (
    <div className={classes.layout}>
      <div className={classes.aside}>{aside}</div>
      <div className={classes.results}>{children}</div>
    </div>
  );
}
