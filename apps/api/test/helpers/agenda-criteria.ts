import { agendaCriteriaOf } from '../../src/modules/publications/agenda-criteria.ts';
import type { ListCriteria } from '../../src/modules/publications/list-repository.ts';

/** The public list's criteria of explore's query at `now` (its agenda's dates included), for a page without words. */
export function agendaListCriteria(
  query: Parameters<typeof agendaCriteriaOf>[0] & Partial<ListCriteria>,
  now: Date,
  { offset = 0, limit = 20 }: { offset?: number; limit?: number } = {},
): ListCriteria {
  return {
    status: 'published',
    ...query,
    ...agendaCriteriaOf(query, now),
    words: [],
    offset,
    limit,
  } as ListCriteria;
}
