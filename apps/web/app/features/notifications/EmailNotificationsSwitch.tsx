import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';

/** One setting of /api/me saved as its switch changes. */
function useSavedSwitch(field: string, initial: boolean, saved: (on: boolean) => string) {
  const [checked, setChecked] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function change(next: boolean) {
    setChecked(next);
    setSaving(true);
    try {
      await apiRequest('/api/me', { method: 'PUT', body: { [field]: next } });
      notifySaved(saved(next));
    } catch (error) {
      setChecked(!next);
      notifyError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }
  return {
    checked,
    disabled: saving,
    onChange: (event: { currentTarget: { checked: boolean } }) => void change(event.currentTarget.checked),
  };
}

/**
 * Settings switches: notices by e-mail on or off (the notifications in the site stay either way), and the
 * "Me interesa" reminder 1 hour before the start besides the one 24 hours before.
 */
export function EmailNotificationsSwitch({
  enabled,
  reminderHourBefore,
}: {
  enabled: boolean;
  reminderHourBefore: boolean;
}) {
  const email = useSavedSwitch('emailNotifications', enabled, (on) =>
    on ? 'Te enviaremos los avisos por correo' : 'Ya no te enviaremos avisos por correo',
  );
  const hour = useSavedSwitch('reminderHourBefore', reminderHourBefore, (on) =>
    on ? 'También te recordaremos 1 hora antes' : 'Solo te recordaremos 24 horas antes',
  );

  return (
    <Paper
      withBorder
      p={{ base: 'md', xs: 'lg' }}
      component="section"
      aria-labelledby="email-notices-heading"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="email-notices-heading">
          Avisos
        </Title>
        <Switch
          size="md"
          {...email}
          label="Recibir avisos por correo"
          description="Cuando publiquen o devuelvan a revisión tus anuncios, cuando alguien te califique y los recordatorios de tus eventos. Las notificaciones de la campana llegan siempre."
        />
        <Switch
          size="md"
          {...hour}
          label="Recordarme también 1 hora antes"
          description="Los eventos y cursos con «Me interesa» se recuerdan 24 horas antes; con esto, también 1 hora antes."
        />
      </Stack>
    </Paper>
  );
}
