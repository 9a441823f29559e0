import { describe, expect, it } from 'vitest';
import { redirectWithNotice, takeNotice } from './flash.server';

const request = (cookie?: string) => new Request('http://localhost/', cookie ? { headers: { cookie } } : {});

describe('a notice that outlives a redirect', () => {
  it('travels in a short-lived HttpOnly cookie beside the redirect and its own cookies', () => {
    const response = redirectWithNotice(
      '/auth?email=a%40b.c',
      { kind: 'success', message: '¡Listo, ñandú!' },
      ['eco_session=; Max-Age=0; Path=/'],
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth?email=a%40b.c');
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe('eco_session=; Max-Age=0; Path=/');
    expect(cookies[1]).toMatch(/^eco_notice=[^;]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);

    const value = cookies[1]!.split(';')[0]!;
    const taken = takeNotice(request(`other=1; ${value}`));
    expect(taken?.notice).toEqual({ kind: 'success', message: '¡Listo, ñandú!' });
    expect(taken?.clear).toBe('eco_notice=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('is nothing without its cookie', () => {
    expect(takeNotice(request())).toBeNull();
    expect(takeNotice(request('eco_session=abc'))).toBeNull();
  });

  it('clears a cookie it did not write, and shows nothing of it', () => {
    for (const forged of ['%7Bnope', encodeURIComponent('{"kind":"alert","message":"x"}'), '%E0%A4%A']) {
      const taken = takeNotice(request(`eco_notice=${forged}`));
      expect(taken?.notice).toBeNull();
      expect(taken?.clear).toContain('Max-Age=0');
    }
  });
});
