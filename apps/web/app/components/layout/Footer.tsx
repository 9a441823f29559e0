import { Group, Text } from '@mantine/core';
import { APP_NAME, APP_SLOGAN } from '@eco/domain/constants';
import { STUDIO_NAME } from '../../config';
import classes from './Footer.module.css';
import { FooterActions } from './FooterActions';
import { SocialLinks } from './SocialLinks';

export function Footer() {
  return (
    // Inside the layout's <main>, so the landmark role is explicit.
    <footer className={classes.footer} role="contentinfo">
      <Group justify="space-between" gap="xs">
        <div>
          <Text size="sm" fw={600}>
            {APP_NAME}: {APP_SLOGAN.toLowerCase()}
          </Text>
          <Text size="sm" c="dimmed">
            Desarrollado por {STUDIO_NAME}
          </Text>
        </div>
        <Group gap="xs">
          <FooterActions />
          <SocialLinks />
        </Group>
      </Group>
    </footer>
  );
}
