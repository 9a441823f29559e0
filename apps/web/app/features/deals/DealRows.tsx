import type { Contact, DealParty, DealPublication, Order } from '@eco/domain';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { UserAvatar } from '../users/UserAvatar';
import { PublicationImage } from '../publications/PublicationImage';
import { formatDate } from '../../lib/format';
import { publicationPath, userPath } from '../publications/publications';
import { formatMoney } from './money';
import { OrderStatusChip } from './OrderStatusChip';

export function PublicationLink({ publication }: { publication: DealPublication }) {
  const title = (
    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} span>
      {publication.title}
    </Text>
  );
  return publication._id === null ? (
    title
  ) : (
    <Anchor component={Link} to={publicationPath(publication._id)} style={{ overflowWrap: 'anywhere' }}>
      {title}
    </Anchor>
  );
}

function PartyLink({ party, label }: { party: DealParty | null; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" span>
        {label}
      </Text>
      {party === null ? (
        <Text size="sm" span>
          Un visitante
        </Text>
      ) : (
        <Anchor component={Link} to={userPath(party._id)} size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <UserAvatar name={party.name} pictureUrl={party.pictureUrl} size="xs" />
            {party.name}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}

/** '2 × $ 850,00 = $ 1.700,00' in the order's currency. */
export function OrderAmount({ order }: { order: Order }) {
  return (
    <Text size="sm">
      {order.quantity} × {formatMoney(order.unitPrice, order.currency)} ={' '}
      <Text span fw={700}>
        {formatMoney(order.totalAmount, order.currency)}
      </Text>
    </Text>
  );
}

/** A sale or a purchase: what, with whom, how much, its status and when. */
export function OrderRow({ order, role }: { order: Order; role: 'seller' | 'buyer' }) {
  return (
    <Paper withBorder p="sm" component="article" aria-label={order.publication.title}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PublicationImage
          src={order.publication.imageUrl}
          alt=""
          width={72}
          height={54}
          style={{ borderRadius: 6, objectFit: 'cover', flexShrink: 0 }}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <PublicationLink publication={order.publication} />
            <OrderStatusChip status={order.status} />
          </Group>
          {role === 'seller' ? (
            <PartyLink party={order.buyer} label="Comprador:" />
          ) : (
            <PartyLink party={order.seller} label="Vendedor:" />
          )}
          <Group justify="space-between" gap="xs">
            <OrderAmount order={order} />
            <Anchor component={Link} to={`/orders/${order._id}`} size="sm">
              {formatDate(order.createdAt)}
            </Anchor>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A message sent through the WhatsApp cart: who asked whom about what, and when. */
export function ContactRow({ contact, role }: { contact: Contact; role: 'seller' | 'buyer' }) {
  const first = contact.publications[0];
  return (
    <Paper withBorder p="sm" component="article">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PublicationImage
          src={first?.imageUrl}
          alt=""
          width={72}
          height={54}
          style={{ borderRadius: 6, objectFit: 'cover', flexShrink: 0 }}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {role === 'seller' ? (
            <PartyLink party={contact.buyer} label="Consultó:" />
          ) : (
            <PartyLink party={contact.seller} label="Le escribiste a:" />
          )}
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {contact.publications.map((publication, index) => (
              <li key={`${publication._id ?? 'gone'}-${index}`}>
                <PublicationLink publication={publication} />
              </li>
            ))}
          </Stack>
          <Text size="xs" c="dimmed">
            {formatDate(contact.createdAt)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
