import { SIGN_OUT_DELAY_MS } from '@eco/domain/constants';
import { Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { redirect, useNavigate } from 'react-router';
import { useWaiting } from '../../components/waiting/waiting-context';
import { getSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import { clearStoredSession } from '../../lib/session';
import { endServerSession } from '../../lib/sign-out';
import type { Route } from './+types/out';

export const meta: Route.MetaFunction = () => [...pageMeta('Salir'), { name: 'robots', content: 'noindex' }];

export function loader({ context }: Route.LoaderArgs) {
  // Nobody to sign out.
  if (!getSession(context)) throw redirect('/');
  return null;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function SignOutPage() {
  const waiting = useWaiting();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, even when the effect runs twice (development's StrictMode).
    if (started.current) return;
    started.current = true;
    const stop = waiting.start('Cerrando sesión...');
    void (async () => {
      await Promise.all([endServerSession(), delay(SIGN_OUT_DELAY_MS)]);
      clearStoredSession();
      // The root loader runs again without the cookie: guest menus.
      await navigate('/', { replace: true, defaultShouldRevalidate: true });
      stop();
    })();
  }, [waiting, navigate]);

  return (
    <Container size="xs" py="xl">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>Hasta pronto. Estamos cerrando tu sesión.</Text>
      </Stack>
    </Container>
  );
}
