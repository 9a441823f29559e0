import { ActionIcon } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import classes from './AssistantButton.module.css';

/**
 * The floating assistant button of phones (under 630 px, hidden by CSS so the server HTML is already right): bottom
 * left, while the cart button floats bottom right. Not on the assistant's own page.
 */
export function AssistantButton() {
  const { pathname } = useLocation();
  if (pathname === '/bot') return null;
  return (
    <div className={classes.dock} data-assistant-dock>
      <ActionIcon
        component={Link}
        to="/bot"
        size={52}
        radius="xl"
        variant="filled"
        className={classes.button}
        aria-label="Asistente Virtual"
        title="Asistente Virtual"
      >
        <IconRobot size={26} aria-hidden />
      </ActionIcon>
    </div>
  );
}
