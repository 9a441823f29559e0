import { describe, expect, it } from 'vitest';
import { daysCovered, monthBounds, monthWeeks, parseMonth, shiftMonth } from '../src/dates/month-grid.ts';

describe('the month grid', () => {
  it('lays a month in weeks from Monday, with empty cells around it', () => {
    // November 2026 starts on a Sunday: six empty cells before it.
    const weeks = monthWeeks({ year: 2026, month: 11 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]).toEqual({ year: 2026, month: 11, day: 1 });
    expect(weeks[5]![0]).toEqual({ year: 2026, month: 11, day: 30 });
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(monthBounds({ year: 2028, month: 2 }).last).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('parses and moves months across years', () => {
    expect(parseMonth('2026-12')).toEqual({ year: 2026, month: 12 });
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('junio')).toBeNull();
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it('counts the days an event covers in its zone, clipped to the range', () => {
    const from = { year: 2026, month: 11, day: 1 };
    const to = { year: 2026, month: 11, day: 30 };
    // 23:30 in Buenos Aires on the 27th is 02:30 UTC on the 28th.
    expect(daysCovered('2026-11-28T02:30:00.000Z', null, 'America/Argentina/Buenos_Aires', from, to)).toEqual(
      ['2026-11-27'],
    );
    expect(daysCovered('2026-11-28T02:30:00.000Z', null, 'America/Bogota', from, to)).toEqual(['2026-11-27']);
    expect(
      daysCovered('2026-11-29T13:00:00.000Z', '2026-12-02T20:00:00.000Z', 'America/Bogota', from, to),
    ).toEqual(['2026-11-29', '2026-11-30']);
  });
});
