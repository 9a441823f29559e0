import { deleteAccountSchema } from '@eco/domain/schemas/delete-account';
import { Button, Group, List, ListItem, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import type { FormAnswer } from '../../lib/forms/form-answer';
import { textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import { PasswordField } from '../auth/PasswordField';
import { DELETE_ACCOUNT_INTENT } from './delete-account';

type DeleteAccountFormProps = {
  /** The page's answer when it answered this form's post without scripts. */
  answer: FormAnswer | undefined;
  /** 'Mejor no': a button that closes the dialog, or a link back for the form shown in the card. */
  cancel: ReactNode;
};

/** Says what the deletion removes and asks for the password again; posts to the settings page's action. */
export function DeleteAccountForm({ answer, cancel }: DeleteAccountFormProps) {
  const fetcher = useFetcher<FormAnswer>();
  const shown = fetcher.data ?? answer;
  const { fields, formProps } = useActionForm({ schema: deleteAccountSchema, lastResult: shown?.result });

  return (
    <fetcher.Form method="post" {...formProps} aria-label="Eliminar tu cuenta">
      <Stack gap="md">
        <ActionNotice notice={shown?.notice} />
        <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
        <Text>Esto no se puede deshacer. Al eliminar tu cuenta borramos enseguida:</Text>
        <List spacing={4} size="sm">
          <ListItem>tu perfil, tu foto, tu teléfono, tu ubicación y tus datos de pago;</ListItem>
          <ListItem>todos tus anuncios, con sus imágenes;</ListItem>
          <ListItem>tus sesiones abiertas en todos tus dispositivos.</ListItem>
        </List>
        <Text size="sm">
          Si quieres conservar una copia, descarga antes tus datos. Después podrás volver a registrarte con el
          mismo correo, como una cuenta nueva.
        </Text>
        <PasswordField
          label="Tu contraseña"
          description="Escríbela para confirmar que eres tú"
          autoComplete="current-password"
          data-autofocus
          {...textFieldProps(fields.password)}
        />
        <Group justify="flex-end" gap="sm">
          {cancel}
          <Button type="submit" color="red.9" loading={fetcher.state !== 'idle'}>
            Eliminar mi cuenta
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
