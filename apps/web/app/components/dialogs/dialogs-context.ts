import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

export type ConfirmOptions = {
  title?: ReactNode;
  message: ReactNode;
  /** @default 'Si' */
  confirmLabel?: string;
  /** @default 'Mejor no' */
  cancelLabel?: string;
  confirmColor?: MantineColor;
};

export type InformOptions = {
  title?: ReactNode;
  message: ReactNode;
  /** @default 'Entendido' */
  closeLabel?: string;
};

export type DialogsApi = {
  /** Resolves true when the user confirms, false when they decline or dismiss the dialog. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Resolves when the user closes the dialog. */
  inform: (options: InformOptions) => Promise<void>;
};

export const DialogsContext = createContext<DialogsApi | null>(null);

function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('Dialog hooks must be used inside <DialogsProvider>');
  return api;
}

/** `const confirm = useConfirm(); if (await confirm({ title, message })) …` */
export function useConfirm(): DialogsApi['confirm'] {
  return useDialogs().confirm;
}

/** `const inform = useInform(); await inform({ title, message });` */
export function useInform(): DialogsApi['inform'] {
  return useDialogs().inform;
}
