import { DIALOG_WIDTH } from '@eco/domain/constants';
import type { MantineColor } from '@mantine/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveDialog } from './ResponsiveDialog';

export type ConfirmationDialogProps = {
  opened: boolean;
  title?: ReactNode;
  message: ReactNode;
  /** @default 'Si' */
  confirmLabel?: string;
  /** @default 'Mejor no' */
  cancelLabel?: string;
  /** Colour of the confirm button, e.g. 'red' for deletions. */
  confirmColor?: MantineColor;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmationDialog({
  opened,
  title = 'Confirmación',
  message,
  confirmLabel = 'Si',
  cancelLabel = 'Mejor no',
  confirmColor,
  onConfirm,
  onCancel,
}: ConfirmationDialogProps) {
  return (
    <ResponsiveDialog opened={opened} onClose={onCancel} title={title} size={DIALOG_WIDTH.information}>
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </ResponsiveDialog>
  );
}
