import type { CategoryKey } from '@eco/domain';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@eco/domain/constants';
import { isCategoryKey } from '@eco/domain/catalog/categories';
import { SEARCH_TERM_MAX_LENGTH } from '@eco/domain/search';

export const MY_PUBLICATIONS_PATH = '/dashboard/publications';

/** The criteria of the user's publication list, all held in its URL: ?term=…&what=…&page=…. */
export type MyPublicationsQuery = { term: string; what: CategoryKey | null; page: number };

export function readMyPublicationsQuery(params: URLSearchParams): MyPublicationsQuery {
  const page = Number(params.get('page'));
  const what = params.get('what');
  return {
    term: (params.get('term') ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH),
    what: isCategoryKey(what) ? what : null,
    page: Number.isInteger(page) && page > DEFAULT_PAGE ? page : DEFAULT_PAGE,
  };
}

/** The page's address for these criteria: only what is set, no page 1. */
export function myPublicationsPath({ term, what, page }: MyPublicationsQuery): string {
  const params = new URLSearchParams();
  if (term) params.set('term', term);
  if (what) params.set('what', what);
  if (page > DEFAULT_PAGE) params.set('page', String(page));
  const search = params.toString();
  return search ? `${MY_PUBLICATIONS_PATH}?${search}` : MY_PUBLICATIONS_PATH;
}

/** GET /api/my-publications for these criteria. */
export function myPublicationsApiPath({ term, what, page }: MyPublicationsQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) });
  if (term) params.set('term', term);
  if (what) params.set('typed', what);
  return `/api/my-publications?${params}`;
}
