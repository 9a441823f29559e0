import { IconBell } from '@tabler/icons-react';
import controls from '../../components/layout/controls.module.css';
import classes from './NotificationBell.module.css';
import { badgeText, bellLabel } from './bell-texts';
import { useUnreadCount } from './unread-count';

type NotificationBellProps = { expanded: boolean; onOpen: () => void };

/** The top bar's bell with the unread badge; its accessible name carries the count. */
export function NotificationBell({ expanded, onOpen }: NotificationBellProps) {
  const unread = useUnreadCount();
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className={`${controls.base} ${controls.pressable} ${controls.colored} ${controls.icon} ${controls.subtle} ${classes.bell}`}
      aria-label={bellLabel(unread)}
      aria-expanded={expanded}
      aria-haspopup="dialog"
      title="Notificaciones"
      onClick={onOpen}
    >
      <IconBell size={22} aria-hidden />
      {badge && (
        <span className={classes.badge} aria-hidden data-testid="unread-badge">
          {badge}
        </span>
      )}
    </button>
  );
}
