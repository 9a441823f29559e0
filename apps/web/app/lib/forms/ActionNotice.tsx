import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import classes from './ActionNotice.module.css';
import type { Notice } from './notice';
import { useHydrated } from './use-hydrated';

const LOOK = {
  success: { tone: classes.success, Icon: IconCircleCheck },
  saved: { tone: classes.success, Icon: IconCircleCheck },
  info: { tone: classes.info, Icon: IconInfoCircle },
  warning: { tone: classes.warning, Icon: IconAlertTriangle },
  error: { tone: classes.error, Icon: IconAlertTriangle },
  formError: { tone: classes.error, Icon: IconAlertTriangle },
} as const;

/**
 * The notice of a form's outcome. With scripts running it is the spec's floating notice (its colour, its duration),
 * shown once per outcome (each action answer is a new object); in the server's HTML, before scripts or without them,
 * it is a framed line in the page, where it stays readable.
 */
export function ActionNotice({ notice }: { notice: Notice | null | undefined }) {
  const hydrated = useHydrated();

  useEffect(() => {
    // Imported on use: the layout shows a redirect's notice, and every page must not load the notices' store for it.
    if (notice) void import('./notice').then(({ showNotice }) => showNotice(notice));
  }, [notice]);

  if (!notice || hydrated) return null;
  const { tone, Icon } = LOOK[notice.kind];
  const problem = notice.kind === 'error' || notice.kind === 'formError' || notice.kind === 'warning';
  return (
    <div className={`${classes.notice} ${tone}`} role={problem ? 'alert' : 'status'}>
      <Icon size={20} aria-hidden />
      <div>
        {notice.title && <strong className={classes.title}>{notice.title}</strong>}
        {notice.message}
      </div>
    </div>
  );
}
