import type { ContactPage, OrderPage } from '@eco/domain';
import type { RouterContextProvider } from 'react-router';
import { redirect } from 'react-router';
import { readApiResponse } from '../../lib/api-client';
import type { Account } from '../account/account';
import { routeError } from '../publications/publications.server';
import { serverContext } from '../../server-context';
import type { DealsData } from './DealsPage';
import { dealsApiPath, dealsPagePath, readDealsQuery, type DealsRole } from './deals-query';

/** The loader of /dashboard/sales and /dashboard/shopping: one page of the chosen tab. */
export async function loadDeals(
  context: Readonly<RouterContextProvider>,
  url: URL,
  role: DealsRole,
): Promise<DealsData | Response> {
  const query = readDealsQuery(url.searchParams);
  const { api } = context.get(serverContext);
  try {
    const [answer, account] = await Promise.all([
      readApiResponse<OrderPage | ContactPage>(await api(dealsApiPath(role, query))),
      readApiResponse<Pick<Account, 'onlinePayments' | 'sellerAccount'>>(await api('/api/me')),
    ]);
    // What the empty lists say depends on whether the site takes payments and the seller has connected an account.
    const payments = { site: account.onlinePayments, connected: account.sellerAccount !== null };
    // Past the last page (an old link): the last page there is.
    if (answer.totalPages > 0 && query.page > answer.totalPages) {
      return redirect(dealsPagePath(role, { ...query, page: answer.totalPages }));
    }
    return query.tab === 'orders'
      ? { query, payments, tab: 'orders', page: answer as OrderPage }
      : { query, payments, tab: 'contacts', page: answer as ContactPage };
  } catch (error) {
    return routeError(error);
  }
}
