import { afterEach, describe, expect, it } from 'vitest';
import { currentHumanGrant, saveHumanGrant } from './human-grant-store';

const NOW = Date.UTC(2026, 10, 23, 12);
const grantUntil = (ms: number) => `v1.${Math.floor(ms / 1000)}.${'a'.repeat(22)}.${'b'.repeat(43)}`;

describe('the human grant of the tab', () => {
  afterEach(() => saveHumanGrant(null));

  it('is kept while current', () => {
    const grant = grantUntil(NOW + 20 * 60_000);
    saveHumanGrant(grant);
    expect(currentHumanGrant(NOW)).toBe(grant);
  });

  it('is dropped when it expires within a minute, or is not a grant at all', () => {
    saveHumanGrant(grantUntil(NOW + 30_000));
    expect(currentHumanGrant(NOW)).toBeNull();
    // Dropped for good, not only ignored.
    expect(currentHumanGrant(NOW - 60 * 60_000)).toBeNull();
    saveHumanGrant('algo que no es una constancia');
    expect(currentHumanGrant(NOW)).toBeNull();
  });

  it('starts empty', () => {
    expect(currentHumanGrant(NOW)).toBeNull();
  });
});
