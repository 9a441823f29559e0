import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardText, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MY_PUBLICATIONS_PATH } from './my-publications-query';

/** Nothing to list: the first publication is one click away, or the search found nothing. */
export function MyPublicationsEmpty({ filtered }: { filtered: boolean }) {
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        {filtered ? <IconFilterOff size={34} stroke={1.6} /> : <IconClipboardText size={34} stroke={1.6} />}
      </ThemeIcon>
      <Title order={2} size="h3">
        {filtered ? 'Ningún anuncio coincide' : 'Todavía no publicaste ningún anuncio'}
      </Title>
      <Text c="dimmed" maw={420}>
        {filtered
          ? 'Prueba con otras palabras u otra categoría.'
          : 'Publica un punto de reciclaje, un taller, un producto o los materiales que ya no usas.'}
      </Text>
      <Group gap="sm" justify="center">
        {filtered && (
          <Button
            component={Link}
            to={MY_PUBLICATIONS_PATH}
            variant="default"
            leftSection={<IconFilterOff size={18} aria-hidden />}
          >
            Ver todos
          </Button>
        )}
        <Button component={Link} to="/publications/new" leftSection={<IconPlus size={18} aria-hidden />}>
          Publicar
        </Button>
      </Group>
    </Stack>
  );
}
