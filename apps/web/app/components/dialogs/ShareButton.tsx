import type { ActionIconProps } from '@mantine/core';
import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { iconTip } from '../icon-tip';

// The dialog (Mantine Modal) is fetched on first use: cards and detail pages stay light on cheap phones.
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));

type ShareButtonProps = { url?: string; title?: string; label?: string } & Omit<ActionIconProps, 'children'>;

/** Icon button that opens the share dialog for `url` (the home page by default). */
export function ShareButton({ url, title, label = 'Compartir', ...actionIconProps }: ShareButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon variant="subtle" {...iconTip(label, 'end')} onClick={open} {...actionIconProps}>
        <IconShare size={20} aria-hidden />
      </ActionIcon>
      {opened && (
        <Suspense fallback={null}>
          <ShareDialog opened onClose={close} url={url} title={title} />
        </Suspense>
      )}
    </>
  );
}
