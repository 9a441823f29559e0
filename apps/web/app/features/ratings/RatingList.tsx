import type { Qualification } from '@eco/domain';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { UserAvatar } from '../users/UserAvatar';
import { formatDate } from '../../lib/format';
import { RatingStars } from './RatingStars';

/** The ratings a member received: the rater's picture and name, the stars, the comment and the date. */
export function RatingList({ qualifications }: { qualifications: Qualification[] }) {
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Calificaciones recibidas"
    >
      {qualifications.map((qualification) => (
        <Paper component="li" key={qualification._id} withBorder p="sm" radius="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <UserAvatar
              name={qualification.fromUser.name}
              pictureUrl={qualification.fromUser.pictureUrl}
              size={40}
            />
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {qualification.fromUser.name}
                </Text>
                <Text size="xs" c="dark.4">
                  {formatDate(qualification.createdAt)}
                </Text>
              </Group>
              <RatingStars value={qualification.rating} />
              {qualification.comment && (
                <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {qualification.comment}
                </Text>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
