import { ERROR_NOTICE_MS, FORM_NOTICE_MS, NOTICE_MS, WARNING_NOTICE_MS } from '@eco/domain/constants';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { markNoticeShown } from './notices-shown';

export type NoticeOptions = {
  title?: ReactNode;
  /** Milliseconds before it closes (each kind has the spec's by default); false: stays until closed. */
  autoClose?: number | false;
  id?: string;
};

type Kind = 'success' | 'error' | 'warning' | 'info';

const KIND_STYLE: Record<Kind, { color: string; duration: number }> = {
  success: { color: 'eco', duration: NOTICE_MS },
  error: { color: 'red', duration: ERROR_NOTICE_MS },
  warning: { color: 'yellow', duration: WARNING_NOTICE_MS },
  info: { color: 'blue', duration: NOTICE_MS },
};

function show(kind: Kind, message: ReactNode, options: NoticeOptions = {}): string {
  const { color, duration } = KIND_STYLE[kind];
  // Mounts the notices container (components/ClientOnlyNotices.tsx); the notice waits in the store meanwhile.
  markNoticeShown();
  return notifications.show({
    id: options.id,
    title: options.title,
    message,
    color,
    autoClose: options.autoClose ?? duration,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Cerrar aviso' },
  });
}

/** Green notice, about 3 s. */
export function notifySuccess(message: ReactNode, options?: NoticeOptions): string {
  return show('success', message, options);
}

/** Red notice, 4.5 s. */
export function notifyError(message: ReactNode, options?: NoticeOptions): string {
  return show('error', message, options);
}

/** Amber notice, about 1 s. */
export function notifyWarning(message: ReactNode, options?: NoticeOptions): string {
  return show('warning', message, options);
}

/** Neutral notice, about 3 s. */
export function notifyInfo(message: ReactNode, options?: NoticeOptions): string {
  return show('info', message, options);
}

/** Green save confirmation, 1999 ms (e.g. 'El anuncio se ha creado exitosamente...'). */
export function notifySaved(message: ReactNode, options?: NoticeOptions): string {
  return show('success', message, { autoClose: FORM_NOTICE_MS, ...options });
}

/** Red invalid-form notice, 1999 ms. */
export function notifyFormError(
  message: ReactNode = 'El formulario tiene errores',
  options?: NoticeOptions,
): string {
  return show('error', message, { autoClose: FORM_NOTICE_MS, ...options });
}

/** All notice helpers in one object, for callers that prefer `notify.error(…)`. */
export const notify = {
  success: notifySuccess,
  error: notifyError,
  warning: notifyWarning,
  info: notifyInfo,
  saved: notifySaved,
  formError: notifyFormError,
};
