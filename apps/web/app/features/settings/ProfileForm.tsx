import type { User } from '@eco/domain';
import { profileSchema } from '@eco/domain/schemas/profile';
import { Anchor, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { SUPPORT_EMAIL } from '../../config';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import type { FormAnswer } from '../../lib/forms/form-answer';
import { fieldError, textFieldProps, useActionForm } from '../../lib/forms/use-action-form';
import { EditActions } from './EditActions';
import { useSettingsForm } from './edit-toggle';
import { LocationFields, type LocationValues } from './LocationFields';
import { ProfilePhotoField } from './ProfilePhotoField';
import { profileFormValues } from './profile-form-values';
import { SETTINGS_INTENTS } from './settings-intents';

type ProfileFormProps = {
  user: User;
  /** The action's answer when it was this form's (values and errors to show again). */
  answer: FormAnswer | undefined;
};

/**
 * The profile form of the settings page: read-only until 'Editar' (`?editar=perfil`), back to read-only once saved.
 * It posts to the page's action, with scripts or without them; the photo's upload needs them.
 */
export function ProfileForm({ user, answer }: ProfileFormProps) {
  const settings = useSettingsForm('perfil', answer);
  const { editing, fetcher, shown } = settings;
  const initial = profileFormValues(user);
  const { fields, formProps } = useActionForm({
    schema: profileSchema,
    lastResult: shown?.result,
    defaultValue: initial,
  });
  const sent = (name: keyof typeof initial) => {
    const value = shown?.result.initialValue?.[name];
    return typeof value === 'string' ? value : initial[name];
  };
  const [pictureUrl, setPictureUrl] = useState(() => sent('pictureUrl') ?? '');
  const [location, setLocation] = useState<LocationValues>(() => ({
    locationCountry: sent('locationCountry') || null,
    locationProvince: sent('locationProvince') || null,
    locationCity: sent('locationCity') || null,
  }));
  const readOnly = !editing;
  // Read-only fields look filled, so that pressing 'Editar' visibly opens them.
  const fieldVariant = readOnly ? 'filled' : 'default';

  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section">
      <fetcher.Form method="post" {...formProps} aria-labelledby="profile-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="profile-heading">
            Tu perfil
          </Title>
          <ActionNotice notice={shown?.notice} />
          <input type="hidden" name="intent" value={SETTINGS_INTENTS.profile} />
          <input type="hidden" name="pictureUrl" value={pictureUrl} />
          <ProfilePhotoField
            name={user.name}
            pictureUrl={pictureUrl}
            disabled={readOnly}
            onUploaded={setPictureUrl}
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
            label="Nombre"
            autoComplete="name"
            readOnly={readOnly}
            variant={fieldVariant}
            withAsterisk
            // Opening the form puts the cursor in its first field.
            autoFocus={editing && !shown}
            {...textFieldProps(fields.name)}
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
            {...textFieldProps(fields.phone)}
          />
          <LocationFields
            values={location}
            onChange={setLocation}
            errors={{
              locationCountry: fieldError(fields.locationCountry),
              locationProvince: fieldError(fields.locationProvince),
              locationCity: fieldError(fields.locationCity),
            }}
            named
            readOnly={readOnly}
          />
          <TextInput
            label="Dirección"
            autoComplete="street-address"
            readOnly={readOnly}
            variant={fieldVariant}
            {...textFieldProps(fields.locationAddress)}
          />
          <EditActions {...settings} />
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
