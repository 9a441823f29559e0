import { ActionIcon, Group } from '@mantine/core';
import { SOCIAL_LINKS } from '../../config';
import { SocialIcon } from './SocialIcon';

/** Icon links to the social networks (footer). */
export function SocialLinks() {
  return (
    <Group gap="xs">
      {SOCIAL_LINKS.map((link) => (
        <ActionIcon
          key={link.key}
          component="a"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          size="lg"
          aria-label={link.label}
        >
          <SocialIcon network={link.key} size={22} />
        </ActionIcon>
      ))}
    </Group>
  );
}
