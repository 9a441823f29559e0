import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** No publication matches: back to the home page, or publish one. */
export function EmptyResults() {
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconSearchOff size={34} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} size="h3">
        No encontramos anuncios
      </Title>
      <Text c="dimmed" maw={420}>
        Prueba con otras palabras o quita algunos filtros. También puedes publicar el tuyo.
      </Text>
      <Group gap="sm" justify="center">
        <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} aria-hidden />}>
          Inicio
        </Button>
        <Button component={Link} to="/publications/new" leftSection={<IconPlus size={18} aria-hidden />}>
          Publicar
        </Button>
      </Group>
    </Stack>
  );
}
