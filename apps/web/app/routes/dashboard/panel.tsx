import '../../styles/account';
import type { User } from '@eco/domain';
import { findCity } from '@eco/domain/catalog/cities';
import { findCountry } from '@eco/domain/catalog/countries';
import { findProvince } from '@eco/domain/catalog/provinces';
import {
  Button,
  Card,
  Group,
  List,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBellSearch,
  IconBookmark,
  IconCalendarEvent,
  IconList,
  IconMapPin,
  IconPlus,
  IconReceipt,
  IconSettings,
  IconShieldCheck,
  IconShoppingBag,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../features/users/UserAvatar';
import { UserDataError } from '../../features/account/UserDataError';
import type { Account } from '../../features/account/account';
import { profileCompleteness } from '../../features/account/account';
import { loadAccount } from '../../features/account/account.server';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/panel';

export const meta: Route.MetaFunction = () => pageMeta('Mi Panel');

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  return loadAccount(context);
}

// Every dashboard page there is; the panel is the way to reach them.
const SHORTCUTS = [
  {
    to: '/dashboard/publications',
    label: 'Mis anuncios',
    hint: 'Edita o elimina lo que publicaste.',
    icon: IconList,
  },
  { to: '/publications/new', label: 'Publicar', hint: 'Crea un nuevo anuncio.', icon: IconPlus },
  {
    to: '/dashboard/sales',
    label: 'Mis ventas',
    hint: 'Ventas con Mercado Pago y consultas recibidas.',
    icon: IconReceipt,
  },
  {
    to: '/dashboard/shopping',
    label: 'Mis compras',
    hint: 'Compras con Mercado Pago y consultas enviadas.',
    icon: IconShoppingBag,
  },
  {
    to: '/dashboard/favorites',
    label: 'Guardados',
    hint: 'Los anuncios que guardaste para volver a verlos.',
    icon: IconBookmark,
  },
  {
    to: '/dashboard/searches',
    label: 'Búsquedas guardadas',
    hint: 'Lo que buscás, con un aviso cuando se publica algo que coincide.',
    icon: IconBellSearch,
  },
  {
    to: '/dashboard/agenda',
    label: 'Mi agenda',
    hint: 'Los eventos y cursos que te interesan, con recordatorio.',
    icon: IconCalendarEvent,
  },
  {
    to: '/dashboard/settings',
    label: 'Configuración',
    hint: 'Tu perfil, datos de pago y Mercado Pago.',
    icon: IconSettings,
  },
];

/** Only super users have a moderation desk; nobody else learns it exists. */
const MODERATION_SHORTCUT = {
  to: '/dashboard/moderation',
  label: 'Moderación',
  hint: 'Revisa anuncios y denuncias.',
  icon: IconShieldCheck,
};

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const isSuperUser = loaderData.ok && loaderData.account.user.isSuperUser;
  const shortcuts = isSuperUser ? [...SHORTCUTS, MODERATION_SHORTCUT] : SHORTCUTS;
  return (
    <Stack gap="lg">
      <Title order={1}>Mi Panel</Title>
      {loaderData.ok ? (
        <Panel account={loaderData.account} />
      ) : (
        <UserDataError message={loaderData.message} />
      )}
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="md"
        component="nav"
        aria-label="Secciones de tu panel"
      >
        {shortcuts.map(({ to, label, hint, icon: ShortcutIcon }) => (
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

function placeName(user: User): string | null {
  const parts = [
    user.locationCity && findCity(user.locationCity)?.name,
    user.locationProvince && findProvince(user.locationProvince)?.name,
    user.locationCountry && findCountry(user.locationCountry)?.name,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function Panel({ account: { user, paymentDetails, summary } }: { account: Account }) {
  const completeness = profileCompleteness(user, paymentDetails);
  const place = placeName(user);

  return (
    <>
      <Card withBorder padding="lg">
        <Group wrap="nowrap" align="center">
          <UserAvatar name={user.name} pictureUrl={user.pictureUrl} size="xl" />
          <Stack gap={2} miw={0}>
            <Text component="p" fz="xl" fw={700} m={0}>
              Hola, {user.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
            {place && (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={16} aria-hidden />
                <Text size="sm">{place}</Text>
              </Group>
            )}
          </Stack>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder padding="lg" component="section" aria-labelledby="profile-status-heading">
          <Stack gap="sm">
            <Title order={2} size="h4" id="profile-status-heading">
              Tu perfil
            </Title>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {completeness.percent === 100
                  ? 'Tu perfil está completo.'
                  : 'Completa tu perfil para generar confianza.'}
              </Text>
              <Text size="sm" fw={700}>
                {completeness.percent}%
              </Text>
            </Group>
            <Progress value={completeness.percent} size="lg" radius="xl" aria-label="Perfil completo" />
            {completeness.missing.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  Te falta:
                </Text>
                <List size="sm" spacing={2}>
                  {completeness.missing.map((item) => (
                    <List.Item key={item.key}>{item.label}</List.Item>
                  ))}
                </List>
              </>
            )}
            <Button
              component={Link}
              to="/dashboard/settings"
              variant="light"
              leftSection={<IconSettings size={18} aria-hidden />}
            >
              {completeness.percent === 100 ? 'Ver mi perfil' : 'Completar perfil'}
            </Button>
          </Stack>
        </Card>

        <Card withBorder padding="lg" component="section" aria-labelledby="publications-status-heading">
          <Stack gap="sm">
            <Title order={2} size="h4" id="publications-status-heading">
              Tus anuncios
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <PublicationCount label="Publicados" value={summary.publications.published} color="eco" />
              <PublicationCount label="En Revisión" value={summary.publications.pending} color="yellow" />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Button component={Link} to="/dashboard/publications" variant="light">
                Ver mis anuncios
              </Button>
              <Button
                component={Link}
                to="/publications/new"
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                Publicar
              </Button>
            </SimpleGrid>
            {summary.publications.published + summary.publications.pending === 0 && (
              <Text size="sm" c="dimmed">
                Todavía no publicaste nada: tu primer anuncio está a un clic.
              </Text>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
    </>
  );
}

function PublicationCount({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Card withBorder padding="sm" radius="md" bg={`var(--mantine-color-${color}-light)`}>
      <Text component="p" fz={28} fw={800} lh={1.1} m={0}>
        {value}
      </Text>
      <Text size="sm" fw={600}>
        {label}
      </Text>
    </Card>
  );
}
