import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { notifyError } from '../../lib/notify';
import { signInPath } from '../../lib/redirect-to';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import { signOut } from '../../lib/sign-out';

export const SESSION_ENDED_MESSAGE = 'Tu sesión ha finalizado';

// setTimeout fires at once past 2^31 - 1 ms; longer waits are split.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Signs the user out when the session's expiry passes: a timer, plus a check whenever the tab becomes visible again
 * (timers of background tabs may be throttled or frozen). Also follows a sign-out made in another tab.
 */
export default function SessionExpiry({ tokenExpiration }: { tokenExpiration: string }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const location = useLocation();
  const here = useRef('');
  const ending = useRef(false);

  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  useEffect(() => {
    const expiresAt = Date.parse(tokenExpiration);
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function end() {
      if (ending.current) return;
      ending.current = true;
      await signOut();
      notifyError(SESSION_ENDED_MESSAGE);
      await navigate(signInPath(here.current), { defaultShouldRevalidate: true });
    }

    function check() {
      if (Number.isNaN(expiresAt)) return;
      const left = expiresAt - Date.now();
      if (left > 0) {
        clearTimeout(timer);
        timer = setTimeout(check, Math.min(Math.max(left, 0), MAX_TIMER_MS));
      } else {
        void end();
      }
    }

    function onVisibilityChange() {
      if (document.visibilityState === 'visible') check();
    }

    function onStorage(event: StorageEvent) {
      // Another tab signed out (or its session ended): this one follows the server's word.
      if (event.key === SESSION_STORAGE_KEY && event.newValue === null) void revalidate();
    }

    check();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('storage', onStorage);
    };
  }, [tokenExpiration, navigate, revalidate]);

  return null;
}
