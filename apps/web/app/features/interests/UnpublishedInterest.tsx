import { Card, Group, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';
import { InterestToggle } from './InterestToggle';

const UNPUBLISHED = 'Este evento ya no está publicado';

/** An event of the agenda the member can no longer see: no title nor description, the date of the mark, the toggle. */
export function UnpublishedInterest({ entry }: { entry: { _id: string; interestedAt: string } }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={UNPUBLISHED}>
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group gap="xs" wrap="nowrap">
          <IconEyeOff size={20} aria-hidden />
          <Text fw={700}>{UNPUBLISHED}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          Lo marcaste el {formatDate(entry.interestedAt)}. Su autor lo retiró o está en revisión: no te lo
          recordaremos.
        </Text>
        <Group mt="auto">
          <InterestToggle publicationId={entry._id} interested count={0} size="compact" />
        </Group>
      </Stack>
    </Card>
  );
}
