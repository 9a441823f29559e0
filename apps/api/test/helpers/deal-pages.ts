import type { Currency, OrderStatus } from '@eco/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

// The lists of /dashboard/sales and /dashboard/shopping as their loader reads them (apps/web/…/deals-query.ts).

type Party = { _id: string; name: string };

export type OrderBody = {
  _id: string;
  publication: { _id: string | null; title: string; imageUrl: string | null };
  buyer: Party;
  seller: Party;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  feeAmount: number;
  currency: Currency;
  status: OrderStatus;
  paymentId: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ContactBody = {
  _id: string;
  seller: Party;
  buyer: Party | null;
  publications: { _id: string | null; title: string; imageUrl: string | null }[];
  createdAt: string;
};

export type DealLists = {
  sales: OrderBody[];
  shopping: OrderBody[];
  received: ContactBody[];
  sent: ContactBody[];
};

/** Every page of one list, asked as the pages ask (`?page=n`, the default page size). */
async function readPages<T>(
  app: FastifyInstance,
  headers: Record<string, string>,
  path: string,
  key: 'orders' | 'contacts',
): Promise<T[]> {
  const items: T[] = [];
  let page: number | null = 1;
  while (page !== null) {
    const response: LightMyRequestResponse = await app.inject({
      method: 'GET',
      url: `${path}?page=${page}`,
      headers,
    });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    const body = response.json<{ orders?: T[]; contacts?: T[]; nextPage: number | null }>();
    items.push(...(body[key] ?? []));
    page = body.nextPage;
  }
  return items;
}

/** A member's sales, purchases, and contacts received and sent, every page of each tab. */
export async function readDealLists(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<DealLists> {
  const [sales, shopping, received, sent] = await Promise.all([
    readPages<OrderBody>(app, headers, '/api/sales', 'orders'),
    readPages<OrderBody>(app, headers, '/api/shopping', 'orders'),
    readPages<ContactBody>(app, headers, '/api/sales/contacts', 'contacts'),
    readPages<ContactBody>(app, headers, '/api/shopping/contacts', 'contacts'),
  ]);
  return { sales, shopping, received, sent };
}
