import { DealsPage } from '../../features/deals/DealsPage';
import { loadDeals } from '../../features/deals/deals.server';
import { requireSession } from '../../lib/auth.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/shopping';

export const meta: Route.MetaFunction = () => pageMeta('Mis compras');

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context, url);
  return loadDeals(context, url, 'buyer');
}

export default function ShoppingPage({ loaderData }: Route.ComponentProps) {
  return <DealsPage role="buyer" data={loaderData} />;
}
