import '@mantine/core/styles/Modal.css';
import type { ModalProps } from '@mantine/core';
import { Modal } from '@mantine/core';
import { useIsMobile } from '../../lib/use-is-mobile';

type ResponsiveDialogProps = ModalProps & {
  /** Fill the whole screen under the mobile breakpoint (630 px). */
  fullScreenOnMobile?: boolean;
};

/** Mantine Modal with the app's defaults: centred, Spanish close label, optionally full screen on phones. */
export function ResponsiveDialog({ fullScreenOnMobile = false, ...props }: ResponsiveDialogProps) {
  const isMobile = useIsMobile();
  const fullScreen = fullScreenOnMobile && isMobile;
  return (
    <Modal
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      fullScreen={fullScreen}
      transitionProps={fullScreen ? { transition: 'fade', duration: 150 } : undefined}
      {...props}
    />
  );
}
