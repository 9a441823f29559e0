import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNED_IN_PATH, safeRedirectPath, signInPath } from './redirect-to';

describe('safeRedirectPath', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeRedirectPath('/dashboard/settings?x=1#photo')).toBe('/dashboard/settings?x=1#photo');
    expect(safeRedirectPath('/publications/abc')).toBe('/publications/abc');
  });

  it.each([
    ['absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example'],
    ['dot segment before a second slash', '/.//evil.example'],
    ['dot-dot segment before a second slash', '/a/..//evil.example'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['several dot segments', '/././/evil.example/path?q=1'],
    ['backslash', '/\\evil.example'],
    ['backslash after a dot segment', '/./\\evil.example'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/\n/evil.example'],
    ['scheme', 'javascript:alert(1)'],
    ['relative path', 'dashboard'],
    ['empty', ''],
  ])('falls back to the panel for %s', (_name, value) => {
    expect(safeRedirectPath(value)).toBe(DEFAULT_SIGNED_IN_PATH);
  });

  it('never returns the sign-in pages or sign-out', () => {
    expect(safeRedirectPath('/auth')).toBe(DEFAULT_SIGNED_IN_PATH);
    expect(safeRedirectPath('/auth/new')).toBe(DEFAULT_SIGNED_IN_PATH);
    expect(safeRedirectPath('/dashboard/out')).toBe(DEFAULT_SIGNED_IN_PATH);
  });

  it('uses the fallback it is given', () => {
    expect(safeRedirectPath(null, '/publications')).toBe('/publications');
  });
});

describe('signInPath', () => {
  it('encodes where to come back to', () => {
    expect(signInPath('/publications/new?x=1')).toBe('/auth?redirectTo=%2Fpublications%2Fnew%3Fx%3D1');
    expect(signInPath()).toBe('/auth');
  });
});
