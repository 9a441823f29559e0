import { createContext, useContext } from 'react';

export type WaitingApi = {
  /** Shows the overlay until the returned function is called. */
  start: (message?: string) => () => void;
  /** Shows the overlay while the task runs (e.g. a save) and returns its result. */
  run: <T>(task: () => Promise<T>, message?: string) => Promise<T>;
};

export const WaitingContext = createContext<WaitingApi | null>(null);

/** Waiting overlay for saves and other long actions: `await waiting.run(() => save(), 'Guardando anuncio...')`. */
export function useWaiting(): WaitingApi {
  const api = useContext(WaitingContext);
  if (!api) throw new Error('useWaiting must be used inside <WaitingProvider>');
  return api;
}
