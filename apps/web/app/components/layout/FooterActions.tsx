import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHeart, IconShare } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

// Dialogs are fetched when first opened: the footer is on every page and must stay light.
const ShareDialog = lazy(() => import('../dialogs/ShareDialog').then((m) => ({ default: m.ShareDialog })));
const DonationDialog = lazy(() =>
  import('../donation/DonationDialog').then((m) => ({ default: m.DonationDialog })),
);

/** Invites everyone, signed in or not, to share the site and to support it. */
export function FooterActions() {
  const [shareOpened, share] = useDisclosure(false);
  const [donationOpened, donation] = useDisclosure(false);
  return (
    <Group gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconShare size={16} aria-hidden />}
        onClick={share.open}
      >
        Compartir
      </Button>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconHeart size={16} aria-hidden />}
        onClick={donation.open}
      >
        Apoyar
      </Button>
      <Suspense fallback={null}>
        {shareOpened && <ShareDialog opened onClose={share.close} />}
        {donationOpened && <DonationDialog opened onClose={donation.close} />}
      </Suspense>
    </Group>
  );
}
