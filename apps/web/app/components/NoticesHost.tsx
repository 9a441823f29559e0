import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Container of the notices shown with lib/notify.ts; loaded after hydration, it is not needed to paint a page. */
export default function NoticesHost() {
  return <Notifications position="bottom-right" zIndex={1100} />;
}
