import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';

/** Settings switch: notices by e-mail on or off (the notifications in the site stay either way). */
export function EmailNotificationsSwitch({ enabled }: { enabled: boolean }) {
  const [checked, setChecked] = useState(enabled);
  const [saving, setSaving] = useState(false);

  async function change(next: boolean) {
    setChecked(next);
    setSaving(true);
    try {
      await apiRequest('/api/me', { method: 'PUT', body: { emailNotifications: next } });
      notifySaved(next ? 'Te enviaremos los avisos por correo' : 'Ya no te enviaremos avisos por correo');
    } catch (error) {
      setChecked(!next);
      notifyError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

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
          checked={checked}
          disabled={saving}
          onChange={(event) => void change(event.currentTarget.checked)}
          label="Recibir avisos por correo"
          description="Cuando publiquen o devuelvan a revisión tus anuncios y cuando alguien te califique. Las notificaciones de la campana llegan siempre."
        />
      </Stack>
    </Paper>
  );
}
