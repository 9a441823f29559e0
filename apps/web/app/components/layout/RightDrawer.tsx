import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import { DonationOptions } from '../../features/donation/DonationOptions';
import { useIsMobile } from '../../lib/use-is-mobile';
import type { RightDrawerView } from './layout-context';
import { NotificationView } from '../../features/notifications/NotificationView';

type RightDrawerProps = { opened: boolean; view: RightDrawerView | null; onClose: () => void };

const TITLES: Record<RightDrawerView, string> = {
  donation: 'Apoya a EcoAnuncios',
  notifications: 'Notificaciones',
};

/** Right drawer: notifications for signed-in users, donation options for guests. Loaded on first use. */
export default function RightDrawer({ opened, view, onClose }: RightDrawerProps) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 380}
      title={view ? TITLES[view] : undefined}
      closeButtonProps={{ 'aria-label': 'Cerrar panel' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {view === 'notifications' ? <NotificationView /> : view === 'donation' ? <DonationOptions /> : null}
    </Drawer>
  );
}
