import { DIALOG_WIDTH } from '@eco/domain/constants';
import { Button } from '@mantine/core';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { DeleteAccountForm } from './DeleteAccountForm';

type DeleteAccountDialogProps = { opened: boolean; onCancel: () => void };

/** The deletion form in a dialog, opened by 'Eliminar mi cuenta' once the page's scripts run. */
export function DeleteAccountDialog({ opened, onCancel }: DeleteAccountDialogProps) {
  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onCancel}
      title="¿Eliminar tu cuenta?"
      size={DIALOG_WIDTH.information}
    >
      {/* Closing forgets what was typed: the form mounts anew with the dialog. */}
      {opened && (
        <DeleteAccountForm
          answer={undefined}
          cancel={
            <Button variant="default" onClick={onCancel}>
              Mejor no
            </Button>
          }
        />
      )}
    </ResponsiveDialog>
  );
}
