import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export const NOT_FOUND_MESSAGE = 'This page could not be found';
export const UNEXPECTED_ERROR_MESSAGE = 'Ha ocurrido un error inesperado';

type ErrorViewProps = { status: number; message: string };

/** Error page body: the 404 text of the spec, or the status code and message of any other error. */
export function ErrorView({ status, message }: ErrorViewProps) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Text component="p" fz={64} fw={800} c="eco.8" lh={1} m={0} aria-hidden>
          {status}
        </Text>
        <Title order={1} size="h2">
          {status === 404 ? NOT_FOUND_MESSAGE : message}
        </Title>
        {status === 404 && (
          <Text c="dimmed">La dirección no existe o el contenido ya no está disponible.</Text>
        )}
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={18} aria-hidden />} mt="sm">
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}
