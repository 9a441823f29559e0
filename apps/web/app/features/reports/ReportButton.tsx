import { Button, type ButtonProps } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@eco/domain';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { reportPath } from './report-path';

// The dialog (and the captcha it carries) loads on first use, never with the page.
const ReportDialog = lazy(() => import('./ReportDialog'));

type ReportButtonProps = {
  targetType: ReportTargetType;
  targetId: string;
  /** The author of a publication or the owner of a profile: nobody reports their own. */
  ownerId: string;
  label: string;
} & Pick<ButtonProps, 'variant' | 'size'>;

/**
 * 'Denunciar': for guests and members, hidden on one's own publication or profile. It opens the report dialog; before
 * the page's scripts run it is a link to the report page.
 */
export function ReportButton({
  targetType,
  targetId,
  ownerId,
  label,
  variant = 'subtle',
  size = 'sm',
}: ReportButtonProps) {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (session?.userId === ownerId) return null;

  return (
    <>
      <Button
        component={Link}
        to={reportPath(targetType, targetId)}
        rel="nofollow"
        variant={variant}
        size={size}
        color="red"
        leftSection={<IconFlag size={16} aria-hidden />}
        onClick={(event) => {
          event.preventDefault();
          setLoaded(true);
          setOpened(true);
        }}
      >
        Denunciar
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog
            opened={opened}
            onClose={() => setOpened(false)}
            targetType={targetType}
            targetId={targetId}
            label={label}
            asGuest={session === null}
          />
        </Suspense>
      )}
    </>
  );
}
