import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { ConfirmOptions, DialogsApi, InformOptions } from './dialogs-context';
import { DialogsContext } from './dialogs-context';

// Modal code is fetched with the first dialog instead of with every page.
const ConfirmationDialog = lazy(() =>
  import('./ConfirmationDialog').then((m) => ({ default: m.ConfirmationDialog })),
);
const InformationDialog = lazy(() =>
  import('./InformationDialog').then((m) => ({ default: m.InformationDialog })),
);

type Pending =
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (confirmed: boolean) => void }
  | { kind: 'inform'; options: InformOptions; resolve: () => void };

/** Hosts the promise-based information and confirmation dialogs (useInform / useConfirm). */
export function DialogsProvider({ children }: { children: ReactNode }) {
  // The last request stays rendered while the closing transition runs.
  const [dialog, setDialog] = useState<{ pending: Pending; opened: boolean } | null>(null);
  const current = useRef<Pending | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    const pending = current.current;
    current.current = null;
    if (!pending) return;
    if (pending.kind === 'confirm') pending.resolve(confirmed);
    else pending.resolve();
    setDialog((shown) => (shown ? { ...shown, opened: false } : shown));
  }, []);

  const open = useCallback(
    (pending: Pending) => {
      // A new request replaces an unanswered one, which counts as declined.
      settle(false);
      current.current = pending;
      setDialog({ pending, opened: true });
    },
    [settle],
  );

  const api = useMemo<DialogsApi>(
    () => ({
      confirm: (options) => new Promise<boolean>((resolve) => open({ kind: 'confirm', options, resolve })),
      inform: (options) => new Promise<void>((resolve) => open({ kind: 'inform', options, resolve })),
    }),
    [open],
  );

  const pending = dialog?.pending;
  return (
    <DialogsContext value={api}>
      {children}
      <Suspense fallback={null}>
        {pending?.kind === 'confirm' && (
          <ConfirmationDialog
            {...pending.options}
            opened={dialog?.opened ?? false}
            onConfirm={() => settle(true)}
            onCancel={() => settle(false)}
          />
        )}
        {pending?.kind === 'inform' && (
          <InformationDialog
            {...pending.options}
            opened={dialog?.opened ?? false}
            onClose={() => settle(false)}
          />
        )}
      </Suspense>
    </DialogsContext>
  );
}
