import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserAvatar } from '../users/UserAvatar';
import { AuthorRating } from '../ratings/AuthorRating';
import type { PublicationJson } from './publications';
import { userPath } from './publications';

type Author = PublicationJson['createdBy'];

/** The ratings section of an author's profile. */
function ratingsPath(author: Author): string {
  return `${userPath(author._id)}#calificaciones`;
}

/** Under the title: who publishes and how others rated them, linked to their ratings. */
export function AuthorLine({ author }: { author: Author }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        Por{' '}
        <Anchor component={Link} to={userPath(author._id)} fw={600} underline="always">
          {author.name}
        </Anchor>
      </Text>
      {author.rating && (
        <Anchor component={Link} to={ratingsPath(author)} c="inherit" underline="always" size="sm">
          <AuthorRating rating={author.rating} size="sm" />
        </Anchor>
      )}
    </Group>
  );
}

/** Who publishes: photo, name, average rating with a link to the ratings, and their profile. */
export function AuthorCard({ author }: { author: Author }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Autor">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <UserAvatar name={author.name} pictureUrl={author.pictureUrl} size="lg" />
          <Stack gap={2} miw={0}>
            <Text fw={700} truncate>
              {author.name}
            </Text>
            <AuthorRating rating={author.rating} size="sm" />
            {author.rating && (
              <Anchor component={Link} to={ratingsPath(author)} size="sm" underline="always">
                Ver calificaciones
              </Anchor>
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
