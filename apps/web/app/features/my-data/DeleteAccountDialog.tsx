import { DIALOG_WIDTH } from '@eco/domain/constants';
import { deleteAccountSchema } from '@eco/domain/schemas/delete-account';
import { Button, Group, List, ListItem, Stack, Text } from '@mantine/core';
import { PasswordField } from '../auth/PasswordField';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { useSchemaForm } from '../../lib/use-schema-form';

type DeleteAccountDialogProps = {
  opened: boolean;
  onCancel: () => void;
  /** Deletes the account with the password; resolves to an error message to show, or undefined once deleted. */
  onConfirm: (password: string) => Promise<string | undefined>;
};

/** Says what the deletion removes and asks for the password again before doing it. */
export function DeleteAccountDialog({ opened, onCancel, onConfirm }: DeleteAccountDialogProps) {
  const { form, onSubmit, resetValidation } = useSchemaForm(deleteAccountSchema, {
    initialValues: { password: '' },
  });

  function cancel() {
    form.reset();
    resetValidation();
    onCancel();
  }

  const submit = onSubmit(async ({ password }) => {
    const problem = await onConfirm(password);
    if (problem !== undefined) form.setFieldError('password', problem);
  });

  return (
    <ResponsiveDialog
      opened={opened}
      onClose={cancel}
      title="¿Eliminar tu cuenta?"
      size={DIALOG_WIDTH.information}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>Esto no se puede deshacer. Al eliminar tu cuenta borramos enseguida:</Text>
          <List spacing={4} size="sm">
            <ListItem>tu perfil, tu foto, tu teléfono, tu ubicación y tus datos de pago;</ListItem>
            <ListItem>todos tus anuncios, con sus imágenes;</ListItem>
            <ListItem>tus sesiones abiertas en todos tus dispositivos.</ListItem>
          </List>
          <Text size="sm">
            Si quieres conservar una copia, descarga antes tus datos. Después podrás volver a registrarte con
            el mismo correo, como una cuenta nueva.
          </Text>
          <PasswordField
            label="Tu contraseña"
            description="Escríbela para confirmar que eres tú"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel}>
              Mejor no
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              Eliminar mi cuenta
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveDialog>
  );
}
