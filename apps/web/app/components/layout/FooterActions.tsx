import { IconHeart, IconShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import controls from './controls.module.css';
import classes from './Footer.module.css';

// Dialogs are fetched when first opened: the footer is on every page and must stay light.
const ShareDialog = lazy(() => import('../dialogs/ShareDialog').then((m) => ({ default: m.ShareDialog })));
const DonationDialog = lazy(() =>
  import('../../features/donation/DonationDialog').then((m) => ({ default: m.DonationDialog })),
);

const ACTION = `${controls.base} ${controls.pressable} ${controls.colored} ${controls.button} ${controls.compactSm} ${controls.withLeftSection} ${controls.subtle}`;

function FooterAction({
  icon,
  onClick,
  red,
  children,
}: {
  icon: ReactNode;
  onClick: () => void;
  red?: boolean;
  children: string;
}) {
  return (
    <button type="button" className={red ? `${ACTION} ${controls.red}` : ACTION} onClick={onClick}>
      <span className={controls.inner}>
        <span className={controls.section}>{icon}</span>
        <span className={controls.label}>{children}</span>
      </span>
    </button>
  );
}

/** Invites everyone, signed in or not, to share the site and to support it. */
export function FooterActions() {
  const [shareOpened, setShareOpened] = useState(false);
  const [donationOpened, setDonationOpened] = useState(false);
  return (
    <div className={classes.group}>
      <FooterAction icon={<IconShare size={16} aria-hidden />} onClick={() => setShareOpened(true)}>
        Compartir
      </FooterAction>
      <FooterAction icon={<IconHeart size={16} aria-hidden />} onClick={() => setDonationOpened(true)} red>
        Apoyar
      </FooterAction>
      <Suspense fallback={null}>
        {shareOpened && <ShareDialog opened onClose={() => setShareOpened(false)} />}
        {donationOpened && <DonationDialog opened onClose={() => setDonationOpened(false)} />}
      </Suspense>
    </div>
  );
}
