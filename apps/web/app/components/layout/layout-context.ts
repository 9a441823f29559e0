import { createContext, useContext } from 'react';

export type RightDrawerView = 'donation' | 'notifications';

export type LayoutApi = {
  /** Left menu: open on mobile (overlay) or desktop (sidebar), depending on the screen. */
  navbarOpened: { mobile: boolean; desktop: boolean };
  toggleNavbar: (screen: 'mobile' | 'desktop') => void;
  /** View shown in the right drawer, null when it is closed. */
  rightView: RightDrawerView | null;
  openRightDrawer: (view: RightDrawerView) => void;
  closeRightDrawer: () => void;
};

export const LayoutContext = createContext<LayoutApi | null>(null);

/** Drawer controls of the app shell (e.g. the notifications issue opens the right drawer with them). */
export function useLayout(): LayoutApi {
  const api = useContext(LayoutContext);
  if (!api) throw new Error('useLayout must be used inside <AppLayout>');
  return api;
}
