import '@mantine/core/styles/Alert.css';
import type { SellerAccount } from '@eco/domain';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCreditCard, IconPlugConnectedX } from '@tabler/icons-react';
import { useRevalidator } from 'react-router';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { useWaiting } from '../../components/waiting/waiting-context';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { disconnectSeller, startSellerAuthorization } from './deals-api';

export const PAYMENTS_DISABLED_TEXT = 'Los pagos en línea no están habilitados en este sitio.';

type SellerAccountCardProps = {
  onlinePayments: boolean;
  sellerAccount: SellerAccount | null;
  country: string | null;
};

/** Settings: connect a Mercado Pago account to sell online, see it connected, or disconnect it. */
export function SellerAccountCard({ onlinePayments, sellerAccount, country }: SellerAccountCardProps) {
  const waiting = useWaiting();
  const confirm = useConfirm();
  const { revalidate } = useRevalidator();

  async function connect() {
    try {
      const { authorizationUrl } = await waiting.run(startSellerAuthorization, 'Abriendo Mercado Pago...');
      window.location.assign(authorizationUrl);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  async function disconnect() {
    const confirmed = await confirm({
      title: 'Desconectar Mercado Pago',
      message:
        'Tus anuncios dejarán de ofrecer «Comprar con Mercado Pago» hasta que vuelvas a conectar una cuenta. ' +
        'Las ventas ya hechas no cambian.',
      confirmLabel: 'Desconectar',
      confirmColor: 'red',
    });
    if (!confirmed) return;
    try {
      await waiting.run(disconnectSeller, 'Desconectando...');
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    notifySuccess('Cuenta de Mercado Pago desconectada');
    await revalidate();
  }

  return (
    <Paper
      withBorder
      p={{ base: 'md', xs: 'lg' }}
      component="section"
      aria-labelledby="seller-account-heading"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} variant="light" color="blue" aria-hidden>
            <IconCreditCard size={22} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h3" id="seller-account-heading">
              Vender con Mercado Pago
            </Title>
            <Text size="sm" c="dimmed">
              Conecta tu cuenta para que te compren productos y cursos en línea; el dinero llega a tu Mercado
              Pago.
            </Text>
          </Stack>
        </Group>
        {!onlinePayments ? (
          <Alert variant="light" color="gray">
            {PAYMENTS_DISABLED_TEXT} Tus compradores pueden escribirte por WhatsApp desde el carrito.
          </Alert>
        ) : sellerAccount === null ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm">Todavía no conectaste una cuenta.</Text>
            <Button color="blue.8" onClick={() => void connect()}>
              Conectar Mercado Pago
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" align="center">
            <Group gap="xs" wrap="nowrap">
              <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
              <Stack gap={0}>
                <Text fw={700}>Cuenta de Mercado Pago conectada</Text>
                <Text size="sm" c="dimmed">
                  {sellerAccount.nickname ? `${sellerAccount.nickname} · ` : ''}desde{' '}
                  {formatDate(sellerAccount.connectedAt, country)}
                </Text>
              </Stack>
            </Group>
            <Button
              variant="light"
              color="red.9"
              leftSection={<IconPlugConnectedX size={18} aria-hidden />}
              onClick={() => void disconnect()}
            >
              Desconectar
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
