import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { showNotice, type Notice } from './notice';
import { useHydrated } from './use-hydrated';

const LOOK = {
  success: { color: 'eco', Icon: IconCircleCheck },
  saved: { color: 'eco', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconAlertTriangle },
  formError: { color: 'red', Icon: IconAlertTriangle },
} as const;

/**
 * The notice of a form's outcome. With scripts running it is the spec's floating notice (its colour, its duration),
 * shown once per outcome (each action answer is a new object); in the server's HTML, before scripts or without them,
 * it is an alert in the page, where it stays readable.
 */
export function ActionNotice({ notice }: { notice: Notice | null | undefined }) {
  const hydrated = useHydrated();

  useEffect(() => {
    if (notice) showNotice(notice);
  }, [notice]);

  if (!notice || hydrated) return null;
  const { color, Icon } = LOOK[notice.kind];
  const problem = notice.kind === 'error' || notice.kind === 'formError' || notice.kind === 'warning';
  return (
    <Alert
      color={color}
      variant="light"
      title={notice.title}
      icon={<Icon aria-hidden />}
      role={problem ? 'alert' : 'status'}
    >
      {notice.message}
    </Alert>
  );
}
