import type { SessionData } from '@eco/domain';
import { SESSION_EXPIRED_REDIRECT_MS } from '@eco/domain/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { SESSION_ENDED_MESSAGE } from '../../components/layout/SessionExpiry';
import { notifyError } from '../../lib/notify';
import { signInPath } from '../../lib/redirect-to';

export type SessionLoss = {
  /** The session ended: the form stays on screen, read-only, until the redirect to /auth. */
  lost: boolean;
  /** For an API answer 401 or a session that vanished: the red notice, then /auth after the spec's delay. */
  sessionLost: () => void;
};

function hasExpired(session: SessionData | null): boolean {
  return session !== null && Date.parse(session.tokenExpiration) <= Date.now();
}

/**
 * The publication form's answer to a lost session: the red notice 'Tu sesión ha finalizado', then /auth after
 * SESSION_EXPIRED_REDIRECT_MS (4599 ms), so the user sees why the form went away.
 *
 * When the session's time runs out, the layout's SessionExpiry already signs out, shows that notice and sends the
 * user to /auth at once; on this page that redirect is held back (a router blocker) for the spec's delay. When an
 * API call answers 401, or the session vanishes (signed out in another tab), the form does the same itself.
 */
export function useSessionLoss(session: SessionData | null): SessionLoss {
  const navigate = useNavigate();
  const location = useLocation();
  const [lost, setLost] = useState(false);
  const releasing = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const here = `${location.pathname}${location.search}`;

  const shouldHold = useCallback(
    ({ nextLocation }: { nextLocation: { pathname: string } }) =>
      !releasing.current && nextLocation.pathname === '/auth' && hasExpired(session),
    [session],
  );
  const blocker = useBlocker(shouldHold);

  useEffect(() => {
    if (blocker.state !== 'blocked' || releasing.current) return;
    releasing.current = true;
    setLost(true);
    redirectTimer.current = setTimeout(() => blocker.proceed(), SESSION_EXPIRED_REDIRECT_MS);
  }, [blocker]);

  const sessionLost = useCallback(() => {
    if (releasing.current) return;
    releasing.current = true;
    setLost(true);
    notifyError(SESSION_ENDED_MESSAGE);
    redirectTimer.current = setTimeout(
      () => void navigate(signInPath(here), { defaultShouldRevalidate: true }),
      SESSION_EXPIRED_REDIRECT_MS,
    );
  }, [navigate, here]);

  // Signed out elsewhere: the root data no longer has the session that opened the form.
  const openedWithSession = useRef(session !== null);
  useEffect(() => {
    if (session) openedWithSession.current = true;
    else if (openedWithSession.current) sessionLost();
  }, [session, sessionLost]);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  return { lost, sessionLost };
}
