import { APP_TITLE } from '@eco/domain/constants';
import { Button, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBrandX,
  IconCheck,
  IconCopy,
  IconMail,
  IconShare2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePublicUrl } from '../../lib/root-data';
import { ResponsiveDialog } from './ResponsiveDialog';
import { shareTargets } from './share-links';

const TARGET_ICONS: Record<string, ReactNode> = {
  email: <IconMail size={20} aria-hidden />,
  facebook: <IconBrandFacebook size={20} aria-hidden />,
  x: <IconBrandX size={20} aria-hidden />,
  whatsapp: <IconBrandWhatsapp size={20} aria-hidden />,
  telegram: <IconBrandTelegram size={20} aria-hidden />,
};

export type ShareDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Address to share; the home page (PUBLIC_URL + '/') by default. */
  url?: string;
  /** Text that goes with the link; the app title by default. */
  title?: string;
};

/** '¡Comparte Ahora!': e-mail, social networks, messaging, copy link and the device's own share sheet. */
export function ShareDialog({ opened, onClose, url, title = APP_TITLE }: ShareDialogProps) {
  const publicUrl = usePublicUrl();
  const base = publicUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  const shareUrl = url ?? `${base}/`;
  // The dialog only renders in the browser after a click, so reading navigator here is safe.
  const canUseDeviceShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const shareWithDevice = () => {
    navigator.share({ title, url: shareUrl }).catch(() => {
      // Cancelled by the user or refused by the device: the links above remain available.
    });
  };

  return (
    <ResponsiveDialog
      opened={opened}
      onClose={onClose}
      title="¡Comparte Ahora!"
      size={420}
      fullScreenOnMobile
    >
      <Stack gap="md">
        <Text size="sm">Invita a más personas a sumarse a EcoAnuncios.</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {shareTargets(shareUrl, title).map((target) => (
            <Button
              key={target.key}
              component="a"
              href={target.href}
              target={target.key === 'email' ? undefined : '_blank'}
              rel="noopener noreferrer"
              variant="light"
              justify="flex-start"
              leftSection={TARGET_ICONS[target.key]}
            >
              {target.label}
            </Button>
          ))}
          {canUseDeviceShare && (
            <Button
              variant="light"
              justify="flex-start"
              leftSection={<IconShare2 size={20} aria-hidden />}
              onClick={shareWithDevice}
            >
              Más opciones
            </Button>
          )}
        </SimpleGrid>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Enlace"
            value={shareUrl}
            readOnly
            style={{ flex: 1 }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={shareUrl}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />
                }
              >
                {copied ? 'Copiado' : 'Copiar enlace'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </ResponsiveDialog>
  );
}
