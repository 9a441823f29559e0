import {
  notifyError,
  notifyFormError,
  notifyInfo,
  notifySaved,
  notifySuccess,
  notifyWarning,
} from '../notify';

/**
 * A notice decided on the server (an action's outcome, or a redirect's flash): the browser shows it with the spec's
 * colour and duration for its kind once scripts run, and the page shows it inline before that.
 */
export type Notice = {
  kind: 'success' | 'saved' | 'error' | 'formError' | 'warning' | 'info';
  message: string;
  title?: string;
};

const SHOW: Record<Notice['kind'], (message: string, options?: { title?: string }) => string> = {
  success: notifySuccess,
  saved: notifySaved,
  error: notifyError,
  formError: notifyFormError,
  warning: notifyWarning,
  info: notifyInfo,
};

export function showNotice({ kind, message, title }: Notice): void {
  SHOW[kind](message, title === undefined ? undefined : { title });
}

/** Whether a value read from outside (a cookie) is a notice. */
export function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message, title } = value as Record<string, unknown>;
  return (
    typeof kind === 'string' &&
    kind in SHOW &&
    typeof message === 'string' &&
    (title === undefined || typeof title === 'string')
  );
}
