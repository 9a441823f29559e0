import { Button } from '@mantine/core';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { reasonRequest, type Decision } from './decisions';
import { ReasonForm } from './ReasonForm';

export type PendingDecision = { decision: Decision; targetId: string; label: string };

/** The reason form in a dialog, opened by the desk's buttons once the page's scripts run. */
export function ReasonDialog({ pending, onClose }: { pending: PendingDecision | null; onClose: () => void }) {
  const request = pending ? reasonRequest(pending.decision, pending.label) : null;
  return (
    <ResponsiveDialog opened={pending !== null} onClose={onClose} title={request?.title}>
      {pending && request && (
        <ReasonForm
          // A new decision starts with an empty reason.
          key={`${pending.decision}:${pending.targetId}`}
          decision={pending.decision}
          targetId={pending.targetId}
          request={request}
          answer={undefined}
          cancel={
            <Button variant="default" onClick={onClose}>
              Mejor no
            </Button>
          }
        />
      )}
    </ResponsiveDialog>
  );
}
