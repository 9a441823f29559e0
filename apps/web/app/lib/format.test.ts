import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange } from './format';

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

  it('gives the same texts again, per zone, past the bound of the texts it remembers', () => {
    const instants = Array.from(
      { length: 2_500 },
      (_, minute) => new Date(Date.UTC(2026, 2, 14, 13, minute)),
    );
    const first = instants.map((instant) => formatDate(instant.toISOString(), 'col'));
    expect(first[0]).toBe('14/03/2026 08:00');
    expect(first[2_499]).toBe('16/03/2026 01:39');
    expect(instants.map((instant) => formatDate(instant.toISOString(), 'col'))).toEqual(first);
    expect(formatDate(instants[0]!.toISOString(), 'arg')).toBe('14/03/2026 10:00');
  });
});

describe('formatDateRange', () => {
  it("shows the hours of an event within one day of the publication's country once", () => {
    // 13:00–16:00 UTC is 10:00–13:00 in Buenos Aires.
    expect(formatDateRange('2026-12-12T13:00:00.000Z', '2026-12-12T16:00:00.000Z', 'arg')).toBe(
      '12/12/2026 10:00–13:00',
    );
    // 03:30 UTC on the 13th is still the 12th in Bogotá (22:30).
    expect(formatDateRange('2026-12-12T23:00:00.000Z', '2026-12-13T03:30:00.000Z', 'col')).toBe(
      '12/12/2026 18:00–22:30',
    );
  });

  it('shows both dates of an event over several days', () => {
    expect(formatDateRange('2026-12-12T13:00:00.000Z', '2026-12-14T16:00:00.000Z', 'arg')).toBe(
      '12/12/2026 10:00 – 14/12/2026 13:00',
    );
  });

  it('shows the start alone without an end (or with one that is not a date)', () => {
    expect(formatDateRange('2026-12-12T13:00:00.000Z', null, 'arg')).toBe('12/12/2026 10:00');
    expect(formatDateRange('2026-12-12T13:00:00.000Z', 'luego', 'arg')).toBe('12/12/2026 10:00');
  });
});
