import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { NAVIGATION_WAITING_MESSAGES, WAITING_DELAY_MS } from '../../config';
import { useDelayedFlag } from '../../lib/use-delayed-flag';
import type { WaitingApi } from './waiting-context';
import { WaitingContext } from './waiting-context';
import type { WaitingOverlayProps } from './WaitingOverlay';

// Fetched the first time something has to wait: most visits never see the overlay. It covers the screen at a fixed
// position, so its late arrival moves nothing. If its chunk cannot be fetched (offline) the page goes on without it.
const WaitingOverlay = lazy(() =>
  import('./WaitingOverlay').then(
    (module) => ({ default: module.WaitingOverlay }),
    (): { default: ComponentType<WaitingOverlayProps> } => ({ default: () => null }),
  ),
);

type Task = { id: number; message?: string };

/** Shows the waiting overlay for navigations slower than WAITING_DELAY_MS and for tasks started with useWaiting(). */
export function WaitingProvider({ children }: { children: ReactNode }) {
  const [tasks, setTasks] = useState<Task[]>([]);
  const nextId = useRef(0);
  const navigation = useNavigation();
  const slowNavigation = useDelayedFlag(navigation.state !== 'idle', WAITING_DELAY_MS);

  const start = useCallback((message?: string) => {
    const id = ++nextId.current;
    setTasks((current) => [...current, { id, message }]);
    return () => setTasks((current) => current.filter((task) => task.id !== id));
  }, []);

  const run = useCallback(
    async <T,>(task: () => Promise<T>, message?: string): Promise<T> => {
      const stop = start(message);
      try {
        return await task();
      } finally {
        stop();
      }
    },
    [start],
  );

  const api = useMemo<WaitingApi>(() => ({ start, run }), [start, run]);
  const latest = tasks.at(-1);
  const visible = latest !== undefined || slowNavigation;
  // Once shown it stays mounted, for its closing transition and the next wait.
  const [needed, setNeeded] = useState(false);
  if (visible && !needed) setNeeded(true);
  const target = navigation.location?.pathname.replace(/(.)\/+$/, '$1');
  const navigationMessage = target === undefined ? undefined : NAVIGATION_WAITING_MESSAGES[target];

  return (
    <WaitingContext value={api}>
      {children}
      {needed && (
        <Suspense fallback={null}>
          <WaitingOverlay visible={visible} message={latest ? latest.message : navigationMessage} />
        </Suspense>
      )}
    </WaitingContext>
  );
}
