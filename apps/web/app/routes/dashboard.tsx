import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconList, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { requireSession } from '../lib/auth.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => pageMeta('Mi Panel');

export function loader({ context, url }: Route.LoaderArgs) {
  const session = requireSession(context, url);
  return { name: session.user.name };
}

const SHORTCUTS = [
  {
    to: '/dashboard/publications',
    label: 'Mis anuncios',
    hint: 'Edita o elimina lo que publicaste.',
    icon: IconList,
  },
  { to: '/publications/new', label: 'Publicar', hint: 'Crea un nuevo anuncio.', icon: IconPlus },
  {
    to: '/dashboard/notifications',
    label: 'Notificaciones',
    hint: 'Novedades de tu cuenta.',
    icon: IconBell,
  },
  {
    to: '/dashboard/settings',
    label: 'Configuración',
    hint: 'Tu perfil y datos de pago.',
    icon: IconSettings,
  },
];

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Mi Panel</Title>
        <Text>Hola, {loaderData.name}. ¿Qué quieres hacer hoy?</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {SHORTCUTS.map(({ to, label, hint, icon: ShortcutIcon }) => (
          <Card key={to} component={Link} to={to} withBorder padding="lg" style={{ textDecoration: 'none' }}>
            <Group wrap="nowrap">
              <ThemeIcon size={44} variant="light" aria-hidden>
                <ShortcutIcon size={24} />
              </ThemeIcon>
              <div>
                <Text fw={700}>{label}</Text>
                <Text size="sm" c="dimmed">
                  {hint}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
