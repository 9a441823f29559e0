import { Card, Group, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';
import { FavoriteToggle } from './FavoriteToggle';
import { UNPUBLISHED_TEXT, type FavoriteEntry } from './favorites-page';

/** A saved publication the member can no longer see: no title, no description, only when it was saved. */
export function UnpublishedFavorite({ entry }: { entry: FavoriteEntry }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={UNPUBLISHED_TEXT}>
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group gap="xs" wrap="nowrap">
          <IconEyeOff size={20} aria-hidden />
          <Text fw={700}>{UNPUBLISHED_TEXT}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          Lo guardaste el {formatDate(entry.savedAt)}. Su autor lo retiró o está en revisión.
        </Text>
        <Group mt="auto">
          <FavoriteToggle publicationId={entry._id} saved variant="icon" />
        </Group>
      </Stack>
    </Card>
  );
}
