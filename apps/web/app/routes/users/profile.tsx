// Per-component styles this page needs beyond the shell's (see styles/mantine.ts).
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Rating.css';
import { Card, Container, Group, Rating, Stack, Text, Title } from '@mantine/core';
import { ReportButton } from '../../features/reports/ReportButton';
import { IconMapPin } from '@tabler/icons-react';
import { UserAvatar } from '../../components/account/UserAvatar';
import { pageMeta } from '../../lib/meta';
import { placeNames } from '../../lib/publications';
import { loadPublicUser } from '../../lib/publications.server';
import type { Route } from './+types/profile';

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPublicUser(context, params.id);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.user.name, `Perfil de ${loaderData.user.name} en EcoAnuncios.`) : [];

/** A member's public profile: who they are, where, and how others rated them. Never the e-mail address. */
export default function UserProfilePage({ loaderData }: Route.ComponentProps) {
  const { user, userRatingData } = loaderData;
  const average = userRatingData?.qualificationAvg ?? null;
  const place = placeNames({ ...user, locationUrl: null });

  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar name={user.name} pictureUrl={user.pictureUrl} size={88} />
          <Stack gap={4} miw={0}>
            <Title order={1} size="h2">
              {user.name}
            </Title>
            {place.length > 0 && (
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconMapPin size={16} aria-hidden />
                <Text size="sm">{place.join(', ')}</Text>
              </Group>
            )}
          </Stack>
        </Group>

        <Group justify="flex-end">
          <ReportButton targetType="user" targetId={user._id} ownerId={user._id} label={user.name} />
        </Group>

        <Card withBorder padding="lg" component="section" aria-labelledby="ratings-heading">
          <Stack gap="xs">
            <Title order={2} size="h4" id="ratings-heading">
              Calificaciones
            </Title>
            {average === null ? (
              <Text c="dimmed">Sin calificaciones todavía.</Text>
            ) : (
              <Group gap="xs">
                <Rating
                  value={average}
                  fractions={10}
                  readOnly
                  aria-label={`Calificación promedio ${average}`}
                />
                <Text fw={600}>{average.toLocaleString('es-AR', { maximumFractionDigits: 1 })}</Text>
              </Group>
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
