import { describe, expect, it } from 'vitest';
import { dealsApiPath, dealsPagePath, readDealsQuery } from './deals-query';

describe('deals query', () => {
  it('reads the tab and page, with defaults for anything else', () => {
    expect(readDealsQuery(new URLSearchParams('tab=contacts&page=3'))).toEqual({ tab: 'contacts', page: 3 });
    expect(readDealsQuery(new URLSearchParams('tab=x&page=-1'))).toEqual({ tab: 'orders', page: 1 });
  });

  it('builds the page and API paths', () => {
    expect(dealsPagePath('seller', { tab: 'orders', page: 1 })).toBe('/dashboard/sales');
    expect(dealsPagePath('buyer', { tab: 'contacts', page: 2 })).toBe(
      '/dashboard/shopping?tab=contacts&page=2',
    );
    expect(dealsApiPath('seller', { tab: 'contacts', page: 2 })).toBe('/api/sales/contacts?page=2');
    expect(dealsApiPath('buyer', { tab: 'orders', page: 1 })).toBe('/api/shopping?page=1');
  });
});
