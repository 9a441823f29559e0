import '@mantine/core/styles/Alert.css';
import type { ContactPage, OrderPage } from '@eco/domain';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LinkedPagination } from '../../components/LinkedPagination';
import { LinkTabs } from '../../components/LinkTabs';
import { ContactRow, OrderRow } from './DealRows';
import { dealsPagePath, type DealsQuery, type DealsRole } from './deals-query';

/** Whether the site takes payments with Mercado Pago, and whether the member has connected their account. */
export type PaymentsState = { site: boolean; connected: boolean };

export type DealsData = { query: DealsQuery; payments: PaymentsState } & (
  { tab: 'orders'; page: OrderPage } | { tab: 'contacts'; page: ContactPage }
);

type EmptyText = { text: string; action: { to: string; label: string } };

/** What an empty list of orders says, true to the site and the member: never "connect" where nothing can be. */
function emptyOrders(role: DealsRole, { site, connected }: PaymentsState): EmptyText {
  if (role === 'buyer') {
    return {
      text: site
        ? 'Todavía no compraste nada en línea. En los productos y cursos de vendedores con Mercado Pago verás «Comprar con Mercado Pago».'
        : 'Este sitio todavía no cobra en línea. Para comprar, agrega anuncios al carrito y escríbele al vendedor por WhatsApp: quedará anotado en «Consultas enviadas».',
      action: { to: '/publications?what=market', label: 'Explorar productos' },
    };
  }
  if (!site) {
    return {
      text: 'Este sitio todavía no cobra en línea, así que aquí no hay ventas con Mercado Pago. Quienes se interesan por tus anuncios te escriben por WhatsApp desde el carrito: lo verás en «Consultas recibidas».',
      action: { to: dealsPagePath('seller', { tab: 'contacts', page: 1 }), label: 'Ver consultas recibidas' },
    };
  }
  if (!connected) {
    return {
      text: 'Todavía no vendiste nada en línea. Conecta tu cuenta de Mercado Pago en Configuración y publica productos o cursos con precio: tus compradores verán «Comprar con Mercado Pago».',
      action: { to: '/dashboard/settings', label: 'Ir a Configuración' },
    };
  }
  return {
    text: 'Todavía no vendiste nada en línea. Tu cuenta de Mercado Pago está conectada: tus productos y cursos con precio ya muestran «Comprar con Mercado Pago».',
    action: { to: '/publications/new?what=market', label: 'Publicar un producto' },
  };
}

const TEXT = {
  seller: {
    title: 'Mis ventas',
    intro: 'Lo que te compraron con Mercado Pago y quién te consultó por WhatsApp.',
    orders: 'Ventas',
    contacts: 'Consultas recibidas',
    emptyContacts: {
      text: 'Nadie te escribió todavía desde el carrito. Cuando alguien te consulte por WhatsApp por tus anuncios, lo verás aquí.',
      action: { to: '/dashboard/publications', label: 'Ver mis anuncios' },
    },
  },
  buyer: {
    title: 'Mis compras',
    intro: 'Lo que compraste con Mercado Pago y a quién consultaste por WhatsApp.',
    orders: 'Compras',
    contacts: 'Consultas enviadas',
    emptyContacts: {
      text: 'No consultaste a nadie todavía. Agrega anuncios al carrito y escríbele al vendedor por WhatsApp: quedará anotado aquí.',
      action: { to: '/publications?what=market', label: 'Explorar productos' },
    },
  },
} as const;

/** /dashboard/sales and /dashboard/shopping: orders and contacts in two tabs, paged. */
export function DealsPage({ role, data }: { role: DealsRole; data: DealsData }) {
  const text = TEXT[role];
  const { query } = data;
  const items = data.tab === 'orders' ? data.page.orders : data.page.contacts;
  const listLabel = data.tab === 'orders' ? text.orders : text.contacts;
  const empty = data.tab === 'orders' ? emptyOrders(role, data.payments) : text.emptyContacts;

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1}>{text.title}</Title>
        <Text c="dimmed">{text.intro}</Text>
      </Stack>
      <LinkTabs
        value={query.tab}
        tabs={[
          {
            value: 'orders',
            label: text.orders,
            to: dealsPagePath(role, { tab: 'orders', page: 1 }),
            icon: <IconReceipt size={16} aria-hidden />,
          },
          {
            value: 'contacts',
            label: text.contacts,
            to: dealsPagePath(role, { tab: 'contacts', page: 1 }),
            icon: <IconMessageCircle size={16} aria-hidden />,
          },
        ]}
      />
      <Text c="dimmed" size="sm" aria-live="polite">
        {data.page.total === 1 ? '1 registro' : `${data.page.total} registros`}
      </Text>
      {items.length === 0 ? (
        <Alert variant="light" color="gray" title={listLabel}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{empty.text}</Text>
            <Button component={Link} to={empty.action.to} size="xs" variant="light">
              {empty.action.label}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={listLabel}>
            {data.tab === 'orders'
              ? data.page.orders.map((order) => (
                  <li key={order._id}>
                    <OrderRow order={order} role={role} />
                  </li>
                ))
              : data.page.contacts.map((contact) => (
                  <li key={contact._id}>
                    <ContactRow contact={contact} role={role} />
                  </li>
                ))}
          </Stack>
          <LinkedPagination
            page={query.page}
            totalPages={data.page.totalPages}
            pathFor={(target) => dealsPagePath(role, { ...query, page: target })}
          />
        </>
      )}
    </Stack>
  );
}
