import { ResponsiveDialog } from '../../components/dialogs/ResponsiveDialog';
import { DonationOptions } from './DonationOptions';

type DonationDialogProps = { opened: boolean; onClose: () => void };

/** Donation dialog: become a sponsor through the subscription link or transfer to the bank alias. */
export function DonationDialog({ opened, onClose }: DonationDialogProps) {
  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onClose}
      title="Apoya a EcoAnuncios"
      size={420}
      fullScreenOnMobile
    >
      <DonationOptions />
    </ResponsiveDialog>
  );
}
