import { Group, Text } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { savedByText } from './favorite-form';

/** "Guardado por N personas": what the author (and the super users) learn of a publication's favorites. */
export function SavedByCount({ count }: { count: number }) {
  return (
    <Group gap={4} wrap="nowrap" c="dark.6">
      <IconBookmark size={16} aria-hidden />
      <Text size="sm">{savedByText(count)}</Text>
    </Group>
  );
}
