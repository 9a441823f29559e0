import type { AppNotification } from '@eco/domain';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

// Fetched the first time a notification opens, not with the page.
const NotificationDialog = lazy(() => import('./NotificationDialog'));

type Handlers = {
  onChange: (notification: AppNotification) => void;
  onDeleted: (notification: AppNotification) => void;
};

/**
 * The notification dialog of a list: `open(notification)` shows it; it remembers the location it was opened on,
 * so a route change closes it.
 */
export function useNotificationDialog({ onChange, onDeleted }: Handlers): {
  open: (notification: AppNotification) => void;
  dialog: ReactNode;
} {
  const { key: locationKey } = useLocation();
  const [state, setState] = useState<{ notification: AppNotification | null; locationKey: string } | null>(
    null,
  );
  const current = state && state.locationKey === locationKey ? state.notification : null;
  const close = () => setState((previous) => (previous ? { ...previous, notification: null } : previous));

  const dialog = state && (
    <Suspense fallback={null}>
      <NotificationDialog
        notification={current}
        onClose={close}
        onChange={(updated) => {
          setState((previous) =>
            previous?.notification?._id === updated._id ? { ...previous, notification: updated } : previous,
          );
          onChange(updated);
        }}
        onDeleted={(deleted) => {
          close();
          onDeleted(deleted);
        }}
      />
    </Suspense>
  );

  return { open: (notification) => setState({ notification, locationKey }), dialog };
}
