import { IconRobot } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import controls from '../../components/layout/controls.module.css';
import classes from './AssistantButton.module.css';

/**
 * The floating assistant button of phones (under 630 px, hidden by CSS so the server HTML is already right): bottom
 * left, in a strip of its own that hides the page scrolling behind it, while the cart button floats bottom right.
 * Not on the assistant's own page.
 */
export function AssistantButton() {
  const { pathname } = useLocation();
  if (pathname === '/bot') return null;
  return (
    <div className={classes.dock} data-assistant-dock>
      <div className={classes.strip}>
        <Link
          to="/bot"
          className={`${controls.base} ${controls.pressable} ${controls.colored} ${controls.icon} ${classes.button}`}
          aria-label="Asistente Virtual"
          title="Asistente Virtual"
        >
          <IconRobot size={26} aria-hidden />
        </Link>
      </div>
    </div>
  );
}
