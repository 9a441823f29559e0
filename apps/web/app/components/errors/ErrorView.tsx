import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import controls from '../layout/controls.module.css';
import classes from './ErrorView.module.css';

export const NOT_FOUND_MESSAGE = 'This page could not be found';
export const UNEXPECTED_ERROR_MESSAGE = 'Ha ocurrido un error inesperado';

type ErrorViewProps = { status: number; message: string };

/**
 * Error page body: the 404 text of the spec, or the status code and message of any other error. Plain elements drawn
 * as Mantine's Container, Stack, Text, Title and Button drew them: the root's error boundary is in every page's
 * first load (decision 018).
 */
export function ErrorView({ status, message }: ErrorViewProps) {
  return (
    <div className={classes.container}>
      <div className={classes.stack}>
        <p className={`${classes.text} ${classes.status}`} aria-hidden>
          {status}
        </p>
        <h1 className={classes.title}>{status === 404 ? NOT_FOUND_MESSAGE : message}</h1>
        {status === 404 && (
          <p className={`${classes.text} ${classes.dimmed}`}>
            La dirección no existe o el contenido ya no está disponible.
          </p>
        )}
        <Link
          to="/"
          className={`${controls.base} ${controls.pressable} ${controls.colored} ${controls.button} ${controls.withLeftSection} ${classes.home}`}
        >
          <span className={controls.inner}>
            <span className={controls.section}>
              <IconArrowLeft size={18} aria-hidden />
            </span>
            <span className={controls.label}>Volver al inicio</span>
          </span>
        </Link>
      </div>
    </div>
  );
}
