import '@mantine/core/styles/Alert.css';
import type { Order, OrderStatus } from '@eco/domain';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconCircleX, IconReceiptRefund } from '@tabler/icons-react';
import { Link, useRevalidator } from 'react-router';
import { PublicationImage } from '../../features/publications/PublicationImage';
import { OrderStatusChip } from '../../features/deals/OrderStatusChip';
import { OrderAmount, PublicationLink } from '../../features/deals/DealRows';
import { readApiResponse } from '../../lib/api-client';
import { requireSession } from '../../lib/auth.server';
import { formatDate } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { publicationPath, userPath } from '../../features/publications/publications';
import { routeError } from '../../features/publications/publications.server';
import { serverContext } from '../../server-context';
import type { Route } from './+types/detail';

export const meta: Route.MetaFunction = () => pageMeta('Tu compra');

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const session = requireSession(context, url);
  // Mercado Pago comes back with ?payment_id=…&status=…: the API asks Mercado Pago itself, never trusts the URL.
  const paymentId = url.searchParams.get('payment_id') ?? url.searchParams.get('collection_id');
  const search = new URLSearchParams();
  if (paymentId !== null && /^\d{1,30}$/.test(paymentId)) search.set('paymentId', paymentId);
  else search.set('recheck', '1');
  const { api } = context.get(serverContext);
  try {
    const { order } = await readApiResponse<{ order: Order }>(
      await api(`/api/orders/${encodeURIComponent(params.id)}?${search.toString()}`),
    );
    return { order, isBuyer: order.buyer._id === session.userId };
  } catch (error) {
    return routeError(error);
  }
}

const OUTCOMES: Record<
  OrderStatus,
  { title: string; text: string; color: string; icon: typeof IconCircleCheck }
> = {
  approved: {
    title: '¡Pago aprobado!',
    text: 'Mercado Pago aprobó el pago. Coordina la entrega con el vendedor.',
    color: 'green',
    icon: IconCircleCheck,
  },
  pending: {
    title: 'Pago pendiente',
    text: 'Mercado Pago todavía no confirmó el pago. Te avisaremos cuando cambie; puedes actualizar esta página.',
    color: 'yellow',
    icon: IconClockHour4,
  },
  in_process: {
    title: 'Pago en proceso',
    text: 'Mercado Pago está revisando el pago. Suele resolverse en unos minutos; puedes actualizar esta página.',
    color: 'yellow',
    icon: IconClockHour4,
  },
  rejected: {
    title: 'Pago rechazado',
    text: 'Mercado Pago rechazó el pago. No se te cobró nada: puedes intentarlo de nuevo con otro medio.',
    color: 'red',
    icon: IconCircleX,
  },
  cancelled: {
    title: 'Pago cancelado',
    text: 'El pago se canceló y no se te cobró nada.',
    color: 'gray',
    icon: IconCircleX,
  },
  refunded: {
    title: 'Pago devuelto',
    text: 'Mercado Pago devolvió el dinero de esta compra.',
    color: 'grape',
    icon: IconReceiptRefund,
  },
};

/** Where Checkout Pro sends the buyer back: the order's true status, re-checked with Mercado Pago. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, isBuyer } = loaderData;
  const { revalidate, state } = useRevalidator();
  const outcome = OUTCOMES[order.status];
  const Icon = outcome.icon;
  const waiting = order.status === 'pending' || order.status === 'in_process';
  const other = isBuyer ? order.seller : order.buyer;

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Title order={1}>{isBuyer ? 'Tu compra' : 'Tu venta'}</Title>
      <Alert
        color={outcome.color}
        variant="light"
        title={outcome.title}
        icon={<Icon size={22} aria-hidden />}
        role="status"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{outcome.text}</Text>
          {waiting && (
            <Button
              size="xs"
              variant="white"
              color="dark"
              loading={state === 'loading'}
              onClick={() => void revalidate()}
            >
              Actualizar
            </Button>
          )}
        </Stack>
      </Alert>
      <Paper withBorder p="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <PublicationImage
            src={order.publication.imageUrl}
            alt=""
            width={120}
            height={90}
            style={{ borderRadius: 8, objectFit: 'cover', flexShrink: 0 }}
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <PublicationLink publication={order.publication} />
              <OrderStatusChip status={order.status} />
            </Group>
            <OrderAmount order={order} />
            <Text size="sm">
              {isBuyer ? 'Vendedor: ' : 'Comprador: '}
              <Anchor component={Link} to={userPath(other._id)}>
                {other.name}
              </Anchor>
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(order.createdAt)}
              {order.paymentId !== null && ` · Pago n.º ${order.paymentId}`}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <Group gap="sm">
        <Button component={Link} to={isBuyer ? '/dashboard/shopping' : '/dashboard/sales'}>
          {isBuyer ? 'Ver mis compras' : 'Ver mis ventas'}
        </Button>
        {order.publication._id !== null && (
          <Button component={Link} to={publicationPath(order.publication._id)} variant="light">
            Volver al anuncio
          </Button>
        )}
      </Group>
    </Stack>
  );
}
