export type DealsTab = 'orders' | 'contacts';
export type DealsRole = 'seller' | 'buyer';
export type DealsQuery = { tab: DealsTab; page: number };

/** `?tab=contacts&page=2` of /dashboard/sales and /dashboard/shopping; anything else reads as the defaults. */
export function readDealsQuery(search: URLSearchParams): DealsQuery {
  const tab = search.get('tab') === 'contacts' ? 'contacts' : 'orders';
  const page = Number(search.get('page'));
  return { tab, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function dealsPagePath(role: DealsRole, query: DealsQuery): string {
  const base = role === 'seller' ? '/dashboard/sales' : '/dashboard/shopping';
  const search = new URLSearchParams();
  if (query.tab === 'contacts') search.set('tab', 'contacts');
  if (query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

export function dealsApiPath(role: DealsRole, query: DealsQuery): string {
  const base = role === 'seller' ? '/api/sales' : '/api/shopping';
  return `${base}${query.tab === 'contacts' ? '/contacts' : ''}?page=${query.page}`;
}
