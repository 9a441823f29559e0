import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useNavigation } from 'react-router';
import { formatDate } from '../../lib/format';
import { CALENDAR_FEED_INTENT, type PersonalFeedAnswer, type PersonalFeedState } from './personal-feed';

type PersonalFeedCardProps = {
  /** What the loader read; null when the API could not say. */
  state: { feed: PersonalFeedState } | null;
  /** The action's answer to this card's form. */
  answer: PersonalFeedAnswer | undefined;
};

/**
 * Settings card: the member's agenda (their events and courses, and those they saved) as a calendar their phone
 * subscribes to. The link is secret and shown once, when made; "Cambiar enlace" makes a new one and the old one stops
 * working. A `<Form method="post">` to the settings action: it works before and without the page's scripts.
 */
export function PersonalFeedCard({ state, answer }: PersonalFeedCardProps) {
  const navigation = useNavigation();
  const sending = navigation.formData?.get('intent') === CALENDAR_FEED_INTENT;
  const links = answer?.ok === true ? answer.feed : null;
  const exists = links !== null || state?.feed != null;

  return (
    <Paper
      withBorder
      p={{ base: 'md', xs: 'lg' }}
      component="section"
      aria-labelledby="calendar-feed-heading"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="calendar-feed-heading">
            Tu calendario personal
          </Title>
          <Text size="sm" c="dimmed">
            Tus eventos y cursos, y los que guardaste, en la aplicación de calendario de tu teléfono: se
            actualiza sola. Quien tenga el enlace ve esa agenda sin iniciar sesión: no lo compartas. Más
            detalles en la{' '}
            <Anchor component={Link} to="/privacy" inherit underline="always">
              Política de Privacidad
            </Anchor>
            .
          </Text>
        </Stack>
        {answer?.ok === false && (
          <Text c="red.8" size="sm" role="alert">
            {answer.message}
          </Text>
        )}
        {links !== null ? (
          <Stack gap="xs">
            <Text size="sm" role="status">
              Este es tu enlace nuevo. Cópialo ahora: por seguridad no lo volvemos a mostrar.
            </Text>
            <TextInput label="Enlace de tu calendario" value={links.url} readOnly size="sm" />
            <Group gap="xs">
              <CopyButton value={links.url}>
                {({ copied, copy }) => (
                  <Button variant="default" size="sm" onClick={copy}>
                    {copied ? 'Copiado' : 'Copiar enlace'}
                  </Button>
                )}
              </CopyButton>
              <Button component="a" href={links.webcalUrl} variant="light" size="sm">
                Suscribirme (webcal)
              </Button>
              <Button
                component="a"
                href={links.googleUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                size="sm"
                aria-label="Google Calendar (se abre en otra pestaña)"
              >
                Google Calendar
              </Button>
            </Group>
          </Stack>
        ) : (
          state?.feed != null && (
            <Text size="sm">
              Tienes un enlace activo desde el {formatDate(state.feed.createdAt)}. Si lo perdiste o alguien
              más lo tiene, cámbialo: el anterior deja de funcionar.
            </Text>
          )
        )}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={CALENDAR_FEED_INTENT} />
          <Button type="submit" variant={exists ? 'default' : 'filled'} loading={sending}>
            {exists ? 'Cambiar enlace' : 'Crear enlace'}
          </Button>
        </Form>
      </Stack>
    </Paper>
  );
}
