import { describe, expect, it } from 'vitest';
import { findTimeRange } from '../src/modules/assistant/time-expressions.ts';

// Time expressions with a fixed clock, in each country's time zone.

const ARG = 'America/Argentina/Buenos_Aires';
const COL = 'America/Bogota';
// Monday 1 June 2026, noon in Argentina (10:00 in Colombia).
const MONDAY = new Date('2026-06-01T15:00:00.000Z');

function range(text: string, now = MONDAY, zone = ARG) {
  const found = findTimeRange(text, now, zone);
  return found && { from: found.from.toISOString(), until: found.until.toISOString(), label: found.label };
}

describe('time expressions', () => {
  it('reads days: hoy, mañana, pasado mañana, a weekday, a date', () => {
    expect(range('hay algo hoy?')).toEqual({
      from: MONDAY.toISOString(),
      until: '2026-06-02T03:00:00.000Z',
      label: 'hoy',
    });
    expect(range('eventos manana')).toEqual({
      from: '2026-06-02T03:00:00.000Z',
      until: '2026-06-03T03:00:00.000Z',
      label: 'mañana',
    });
    expect(range('y pasado mañana?')).toEqual({
      from: '2026-06-03T03:00:00.000Z',
      until: '2026-06-04T03:00:00.000Z',
      label: 'pasado mañana',
    });
    expect(range('talleres el sabado')).toEqual({
      from: '2026-06-06T03:00:00.000Z',
      until: '2026-06-07T03:00:00.000Z',
      label: 'el sábado 6 de junio',
    });
    expect(range('el 20 de junio')).toMatchObject({
      from: '2026-06-20T03:00:00.000Z',
      until: '2026-06-21T03:00:00.000Z',
    });
  });

  it('reads periods: este finde, la semana que viene, esta semana, este mes, el mes que viene', () => {
    expect(range('que hay este finde')).toEqual({
      from: '2026-06-06T03:00:00.000Z',
      until: '2026-06-08T03:00:00.000Z',
      label: 'este fin de semana',
    });
    expect(range('el fin de semana')).toMatchObject({ from: '2026-06-06T03:00:00.000Z' });
    expect(range('la semana que viene')).toMatchObject({
      from: '2026-06-08T03:00:00.000Z',
      until: '2026-06-15T03:00:00.000Z',
    });
    expect(range('la proxima semana')).toMatchObject({ from: '2026-06-08T03:00:00.000Z' });
    expect(range('esta semana')).toMatchObject({
      from: MONDAY.toISOString(),
      until: '2026-06-08T03:00:00.000Z',
    });
    expect(range('este mes')).toMatchObject({
      from: MONDAY.toISOString(),
      until: '2026-07-01T03:00:00.000Z',
    });
    expect(range('el mes que viene')).toMatchObject({
      from: '2026-07-01T03:00:00.000Z',
      until: '2026-08-01T03:00:00.000Z',
    });
  });

  it('reads a month as the next one of that name, the whole month', () => {
    expect(range('cursos en diciembre')).toEqual({
      from: '2026-12-01T03:00:00.000Z',
      until: '2027-01-01T03:00:00.000Z',
      label: 'en diciembre',
    });
    expect(range('en marzo')).toMatchObject({ from: '2027-03-01T03:00:00.000Z' });
    expect(range('en junio')).toMatchObject({
      from: MONDAY.toISOString(),
      until: '2026-07-01T03:00:00.000Z',
    });
  });

  it('counts a weekend under way as this weekend', () => {
    const saturday = new Date('2026-06-06T18:00:00.000Z');
    expect(range('este finde', saturday)).toMatchObject({
      from: saturday.toISOString(),
      until: '2026-06-08T03:00:00.000Z',
    });
  });

  it("uses the country's time zone for the day boundaries", () => {
    expect(range('mañana', MONDAY, COL)).toMatchObject({
      from: '2026-06-02T05:00:00.000Z',
      until: '2026-06-03T05:00:00.000Z',
    });
    // 02:00 UTC on 2 June is still 1 June in Argentina: 'mañana' is 2 June there.
    const late = new Date('2026-06-02T02:00:00.000Z');
    expect(range('mañana', late)).toMatchObject({ from: '2026-06-02T03:00:00.000Z' });
  });

  it('finds no time where there is none, nor in place names', () => {
    expect(range('donde reciclo vidrio en cordoba')).toBeNull();
    expect(range('velas de soja en mar del plata')).toBeNull();
    expect(range('pack de 4 cepillos')).toBeNull();
  });
});
