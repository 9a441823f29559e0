import type { ReactNode } from 'react';
import { DialogsProvider } from './dialogs/DialogsProvider';
import { AppLayout } from './layout/AppLayout';
import { WaitingProvider } from './waiting/WaitingProvider';

/** Everything around a page: waiting overlay, dialogs and the app shell. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <WaitingProvider>
      <DialogsProvider>
        <AppLayout>{children}</AppLayout>
      </DialogsProvider>
    </WaitingProvider>
  );
}
