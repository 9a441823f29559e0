import type { ReportTargetType } from '@eco/domain';
import { Button } from '@mantine/core';
import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { ReportForm } from './ReportForm';

type ReportDialogProps = {
  opened: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
  label: string;
  asGuest: boolean;
};

/** The report form in a dialog, once the page's scripts run ('Denunciar' leads to the report page before). */
export default function ReportDialog({
  opened,
  onClose,
  targetType,
  targetId,
  label,
  asGuest,
}: ReportDialogProps) {
  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onClose}
      title={targetType === 'publication' ? 'Denunciar anuncio' : 'Denunciar perfil'}
      fullScreenOnMobile
    >
      {opened && (
        <ReportForm
          targetType={targetType}
          targetId={targetId}
          label={label}
          asGuest={asGuest}
          answer={undefined}
          onFiled={onClose}
          cancel={
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
          }
        />
      )}
    </ResponsiveDialog>
  );
}
