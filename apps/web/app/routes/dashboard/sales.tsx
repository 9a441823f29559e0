import { DealsPage } from '../../features/deals/DealsPage';
import { loadDeals } from '../../features/deals/deals.server';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/sales';

export const meta: Route.MetaFunction = () => pageMeta('Mis ventas');

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  return loadDeals(context, url, 'seller');
}

export default function SalesPage({ loaderData }: Route.ComponentProps) {
  return <DealsPage role="seller" data={loaderData} />;
}
