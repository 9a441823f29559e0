import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconStarFilled, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import type { PublicationJson } from './publications';
import { userPath } from './publications';
import { UserAvatar } from '../../components/account/UserAvatar';

type AuthorCardProps = {
  author: PublicationJson['createdBy'];
  /** Average rating; null without ratings; undefined when it could not be read. */
  rating: number | null | undefined;
};

/** Who publishes: photo, name, average rating and a link to their profile. */
export function AuthorCard({ author, rating }: AuthorCardProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Autor">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <UserAvatar name={author.name} pictureUrl={author.pictureUrl} size="lg" />
          <Stack gap={2} miw={0}>
            <Text fw={700} truncate>
              {author.name}
            </Text>
            {rating !== undefined && (
              <Group gap={4} wrap="nowrap">
                {rating === null ? (
                  <Text size="sm" c="dimmed">
                    Sin calificaciones
                  </Text>
                ) : (
                  <>
                    <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-hidden />
                    <Text size="sm">{`${formatNumber(Math.round(rating * 10) / 10)} de 5`}</Text>
                  </>
                )}
              </Group>
            )}
          </Stack>
        </Group>
        <Button
          component={Link}
          to={userPath(author._id)}
          variant="light"
          leftSection={<IconUser size={18} aria-hidden />}
        >
          Ver perfil
        </Button>
      </Group>
    </Paper>
  );
}
