import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { signInPath } from '../../lib/redirect-to';

export const SIGN_IN_NOTICE_TITLE = 'Sin JavaScript, inicia sesión para usar el asistente';

/**
 * Guests prove they are a person with a small computation that needs JavaScript; without it only members can ask.
 * Shown after a guest's form post was refused, and (in <noscript>) before they try.
 */
export function SignInNotice() {
  return (
    <Alert
      variant="light"
      color="yellow"
      title={SIGN_IN_NOTICE_TITLE}
      icon={<IconLogin size={20} aria-hidden />}
      role="alert"
    >
      <Text size="sm">
        Para responder a visitantes comprobamos que eres una persona con una prueba que tu navegador resuelve
        solo, y que necesita JavaScript.{' '}
        <Anchor href={signInPath('/bot')} size="sm" fw={600}>
          Inicia sesión
        </Anchor>{' '}
        y vuelve aquí, o activa JavaScript y recarga la página.
      </Text>
    </Alert>
  );
}
