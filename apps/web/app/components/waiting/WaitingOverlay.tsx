import '@mantine/core/styles/LoadingOverlay.css';
import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

export const DEFAULT_WAITING_MESSAGE = 'Cargando, un momento por favor...';

export type WaitingOverlayProps = { visible: boolean; message?: string };

/** Full-screen overlay with a spinner and a Spanish waiting message. */
export function WaitingOverlay({ visible, message = DEFAULT_WAITING_MESSAGE }: WaitingOverlayProps) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.55, color: '#fff', blur: 1 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader />
            <Text fw={600}>{message}</Text>
          </Stack>
        ),
      }}
    />
  );
}
