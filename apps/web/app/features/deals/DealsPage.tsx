import type { ContactPage, OrderPage } from '@eco/domain';
import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconReceipt } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { LinkedPagination } from '../../components/LinkedPagination';
import { ContactRow, OrderRow } from './DealRows';
import { dealsPagePath, type DealsQuery, type DealsRole } from './deals-query';

export type DealsData =
  | { query: DealsQuery; tab: 'orders'; page: OrderPage }
  | { query: DealsQuery; tab: 'contacts'; page: ContactPage };

const TEXT = {
  seller: {
    title: 'Mis ventas',
    intro: 'Lo que te compraron con Mercado Pago y quién te consultó por WhatsApp.',
    orders: 'Ventas',
    contacts: 'Consultas recibidas',
    emptyOrders:
      'Todavía no vendiste nada en línea. Conecta tu cuenta de Mercado Pago en Configuración y publica productos o cursos con precio: tus compradores verán «Comprar con Mercado Pago».',
    emptyContacts:
      'Nadie te escribió todavía desde el carrito. Cuando alguien te consulte por WhatsApp por tus anuncios, lo verás aquí.',
    action: { to: '/dashboard/settings', label: 'Ir a Configuración' },
  },
  buyer: {
    title: 'Mis compras',
    intro: 'Lo que compraste con Mercado Pago y a quién consultaste por WhatsApp.',
    orders: 'Compras',
    contacts: 'Consultas enviadas',
    emptyOrders:
      'Todavía no compraste nada en línea. En los productos y cursos de vendedores con Mercado Pago verás «Comprar con Mercado Pago».',
    emptyContacts:
      'No consultaste a nadie todavía. Agrega anuncios al carrito y escríbele al vendedor por WhatsApp: quedará anotado aquí.',
    action: { to: '/publications?what=market', label: 'Explorar productos' },
  },
} as const;

/** /dashboard/sales and /dashboard/shopping: orders and contacts in two tabs, paged. */
export function DealsPage({ role, data }: { role: DealsRole; data: DealsData }) {
  const navigate = useNavigate();
  const text = TEXT[role];
  const { query } = data;
  const items = data.tab === 'orders' ? data.page.orders : data.page.contacts;
  const listLabel = data.tab === 'orders' ? text.orders : text.contacts;

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1}>{text.title}</Title>
        <Text c="dimmed">{text.intro}</Text>
      </Stack>
      <Tabs
        value={query.tab}
        onChange={(value) => {
          if (value === 'orders' || value === 'contacts')
            void navigate(dealsPagePath(role, { tab: value, page: 1 }));
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="orders" leftSection={<IconReceipt size={16} aria-hidden />}>
            {text.orders}
          </Tabs.Tab>
          <Tabs.Tab value="contacts" leftSection={<IconMessageCircle size={16} aria-hidden />}>
            {text.contacts}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Text c="dimmed" size="sm" aria-live="polite">
        {data.page.total === 1 ? '1 registro' : `${data.page.total} registros`}
      </Text>
      {items.length === 0 ? (
        <Alert variant="light" color="gray" title={listLabel}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{data.tab === 'orders' ? text.emptyOrders : text.emptyContacts}</Text>
            <Button component={Link} to={text.action.to} size="xs" variant="light">
              {text.action.label}
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
