import { monthBounds, parseMonth } from '@eco/domain/dates/month-grid';
import { isoDayOf } from '@eco/domain/dates/time-zones';
import type { RouterContextProvider } from 'react-router';
import { callApi } from '../../lib/api.server';
import type { ExploreQuery } from '../publications/publications-query';
import type { MonthDays } from './month-view';

/**
 * GET /api/publications/days for the month view: the month asked (`month`) or, without one, the API's current month
 * in the country's zone (the page reads no clock); the agenda's `past` and explore's filters, not the search. Null
 * when the API cannot answer: the list still shows.
 */
export async function loadMonthDays(
  context: Readonly<RouterContextProvider>,
  query: ExploreQuery,
): Promise<MonthDays | null> {
  const params = new URLSearchParams();
  if (query.what) params.set('typed', query.what);
  if (query.country) params.set('country', query.country);
  if (query.province) params.set('province', query.province);
  if (query.city) params.set('city', query.city);
  for (const label of query.labels) params.append('labels', label);
  if (query.past) params.set('past', '1');
  const month = parseMonth(query.month);
  if (month !== null) {
    const { first, last } = monthBounds(month);
    params.set('from', isoDayOf(first));
    params.set('to', isoDayOf(last));
  }
  try {
    return (await callApi<MonthDays>(context, `/api/publications/days?${params}`)).data;
  } catch {
    return null;
  }
}
