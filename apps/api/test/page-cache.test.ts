import { describe, expect, it } from 'vitest';
import { GUEST_PAGE_MAX_AGE, pageCacheControl, type RenderedPage } from '../src/web/page-cache.ts';

const guestPage: RenderedPage = {
  method: 'GET',
  status: 200,
  signedIn: false,
  setsCookie: false,
  routeCacheControl: null,
};

describe('the Cache-Control of server-rendered pages', () => {
  it('lets caches keep a guest page for a short while', () => {
    expect(pageCacheControl(guestPage)).toBe(
      `public, max-age=${GUEST_PAGE_MAX_AGE}, stale-while-revalidate=600`,
    );
    expect(pageCacheControl({ ...guestPage, method: 'HEAD' })).toMatch(/^public/);
  });

  it('never lets a member’s page, or one that sets a cookie, into any cache', () => {
    expect(pageCacheControl({ ...guestPage, signedIn: true })).toBe('private, no-store');
    expect(pageCacheControl({ ...guestPage, signedIn: true, routeCacheControl: 'public, max-age=9' })).toBe(
      'private, no-store',
    );
    expect(pageCacheControl({ ...guestPage, setsCookie: true })).toBe('private, no-store');
  });

  it('keeps errors, redirects and form posts out of caches', () => {
    for (const status of [302, 404, 500]) expect(pageCacheControl({ ...guestPage, status })).toBe('no-store');
    expect(pageCacheControl({ ...guestPage, method: 'POST' })).toBe('no-store');
  });

  it('respects what a guest page chose itself', () => {
    expect(pageCacheControl({ ...guestPage, routeCacheControl: 'public, max-age=3600' })).toBe(
      'public, max-age=3600',
    );
  });
});
