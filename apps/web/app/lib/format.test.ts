import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it("shows the date and hour (DATE_DISPLAY_FORMAT) in the publication's country", () => {
    // Morning hours read the same on a 12-hour and a 24-hour clock. 13:30 UTC is 10:30 in Buenos Aires and 08:30
    // in Bogotá.
    expect(formatDate('2026-03-14T13:30:00.000Z', 'arg')).toBe('14/03/2026 10:30');
    expect(formatDate('2026-03-14T13:30:00.000Z', 'col')).toBe('14/03/2026 08:30');
    expect(formatDate('2026-03-15T04:00:00.000Z', 'arg')).toBe('15/03/2026 01:00');
    expect(formatDate('2026-03-14T13:05:00.000Z', null)).toBe('14/03/2026 10:05');
  });

  it('answers an empty text for something that is not a date', () => {
    expect(formatDate('mañana')).toBe('');
  });
});
