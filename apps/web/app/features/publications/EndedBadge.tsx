import { Badge } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';

/** 'Finalizado' on the page of an event or course that has ended (the API says so: `ended`). */
export function EndedBadge({ ended }: { ended: boolean | undefined }) {
  if (ended !== true) return null;
  return (
    <Badge tt="none" color="gray.8" leftSection={<IconCalendarOff size={14} aria-hidden />}>
      Finalizado
    </Badge>
  );
}
