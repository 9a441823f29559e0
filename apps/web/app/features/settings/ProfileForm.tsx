import type { User } from '@eco/domain';
import { profileSchema } from '@eco/domain/schemas/profile';
import { Anchor, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { SUPPORT_EMAIL } from '../../config';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useWaiting } from '../../components/waiting/waiting-context';
import { EditActions } from './EditActions';
import { LocationFields } from './LocationFields';
import { SAVED_MESSAGE } from './messages';
import { ProfilePhotoField } from './ProfilePhotoField';
import { profileFormValues } from './profile-form-values';

/**
 * The profile form of the settings page: read-only until 'Editar', back to read-only on save or cancel. Give it a
 * `key` that changes with the saved profile so that fresh data from the server replaces the shown values.
 */
export function ProfileForm({ user }: { user: User }) {
  const waiting = useWaiting();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const { form, onSubmit, resetValidation } = useSchemaForm(profileSchema, {
    initialValues: profileFormValues(user),
  });
  const readOnly = !editing;
  // Read-only fields look filled, so that pressing 'Editar' visibly opens them.
  const fieldVariant = readOnly ? 'filled' : 'default';

  function edit() {
    setEditing(true);
    nameInput.current?.focus();
  }

  function cancel() {
    form.reset();
    resetValidation();
    setEditing(false);
  }

  const submit = onSubmit(async (profile) => {
    try {
      await waiting.run(
        () => apiRequest('/api/me', { method: 'PUT', body: profile }),
        'Guardando tu perfil...',
      );
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    notifySaved(SAVED_MESSAGE);
    form.setInitialValues(form.getValues());
    resetValidation();
    setEditing(false);
    // The top bar and the stored session show the new name and photo.
    await revalidate();
  });

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section">
      <form onSubmit={submit} noValidate aria-labelledby="profile-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="profile-heading">
            Tu perfil
          </Title>
          <ProfilePhotoField
            name={form.values.name || user.name}
            pictureUrl={form.values.pictureUrl}
            disabled={readOnly}
            onUploaded={(url) => form.setFieldValue('pictureUrl', url)}
          />
          <TextInput
            label="Correo electrónico"
            value={user.email}
            readOnly
            variant="filled"
            description={
              <>
                Para cambiar tu correo escribe a{' '}
                <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit underline="always">
                  {SUPPORT_EMAIL}
                </Anchor>
              </>
            }
          />
          <TextInput
            ref={nameInput}
            label="Nombre"
            autoComplete="name"
            readOnly={readOnly}
            variant={fieldVariant}
            withAsterisk
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Teléfono / WhatsApp"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+54 9 385 123 4567"
            description="Con código de país: así te contactan por WhatsApp."
            readOnly={readOnly}
            variant={fieldVariant}
            {...form.getInputProps('phone')}
          />
          <LocationFields form={form} readOnly={readOnly} />
          <TextInput
            label="Dirección"
            autoComplete="street-address"
            readOnly={readOnly}
            variant={fieldVariant}
            {...form.getInputProps('locationAddress')}
          />
          <EditActions editing={editing} saving={form.submitting} onEdit={edit} onCancel={cancel} />
        </Stack>
      </form>
    </Paper>
  );
}
