import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogin, IconUserPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { signInPath } from '../../lib/redirect-to';

/** What a guest sees instead of the publication form: publishing needs an account. */
export function SignInPrompt({ redirectTo }: { redirectTo: string }) {
  return (
    <Paper withBorder p={{ base: 'lg', xs: 'xl' }} maw={560} mx="auto" component="section">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconSpeakerphone size={36} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Publica tu anuncio
        </Title>
        <Text c="dimmed">
          Para publicar un anuncio necesitas ingresar con tu cuenta. Si todavía no tienes una, créala en un
          minuto: es gratis.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" w="100%">
          <Button
            component={Link}
            to={signInPath(redirectTo)}
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            Ingresar para publicar
          </Button>
          <Button
            component={Link}
            to="/auth/new"
            variant="light"
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Crear una cuenta
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
