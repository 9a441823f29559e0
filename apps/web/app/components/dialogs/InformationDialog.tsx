import { DIALOG_WIDTH } from '@eco/domain/constants';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveDialog } from './ResponsiveDialog';

export type InformationDialogProps = {
  opened: boolean;
  title?: ReactNode;
  message: ReactNode;
  /** @default 'Entendido' */
  closeLabel?: string;
  onClose: () => void;
};

/** Information dialog, 450 px wide. */
export function InformationDialog({
  opened,
  title = 'Información',
  message,
  closeLabel = 'Entendido',
  onClose,
}: InformationDialogProps) {
  return (
    <ResponsiveDialog opened={opened} onClose={onClose} title={title} size={DIALOG_WIDTH.information}>
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {closeLabel}
          </Button>
        </Group>
      </Stack>
    </ResponsiveDialog>
  );
}
