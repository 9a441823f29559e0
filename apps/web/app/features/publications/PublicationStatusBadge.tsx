import { Badge } from '@mantine/core';
import { IconClock, IconLock, IconLockOpen } from '@tabler/icons-react';
import { isPublished, isSuperUser } from './publications';
import { useSession } from '../../lib/session';

/**
 * The status chip signed-in users see: 'Publicado' (green, open lock); otherwise 'No Publicado' (red) for super
 * users and 'En Revisión' (amber) for everybody else. Guests only ever see published publications: no chip.
 */
export function PublicationStatusBadge({ status, className }: { status: number; className?: string }) {
  const session = useSession();
  if (!session) return null;
  if (isPublished({ status })) {
    return (
      <Badge className={className} tt="none" color="eco" leftSection={<IconLockOpen size={14} aria-hidden />}>
        Publicado
      </Badge>
    );
  }
  if (isSuperUser(session)) {
    return (
      <Badge className={className} tt="none" color="red.8" leftSection={<IconLock size={14} aria-hidden />}>
        No Publicado
      </Badge>
    );
  }
  return (
    <Badge
      className={className}
      tt="none"
      color="yellow.5"
      autoContrast
      leftSection={<IconClock size={14} aria-hidden />}
    >
      En Revisión
    </Badge>
  );
}
