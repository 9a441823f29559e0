import type { AvatarProps } from '@mantine/core';
import { Avatar } from '@mantine/core';

type UserAvatarProps = { name: string; pictureUrl: string | null } & Pick<AvatarProps, 'size' | 'radius'>;

/** The user's photo, or the initials of their name (also when the photo fails to load). */
export function UserAvatar({ name, pictureUrl, size = 'lg', radius = 'xl' }: UserAvatarProps) {
  return (
    <Avatar
      src={pictureUrl || undefined}
      alt={pictureUrl ? `Foto de ${name}` : undefined}
      name={name}
      color="initials"
      size={size}
      radius={radius}
    />
  );
}
