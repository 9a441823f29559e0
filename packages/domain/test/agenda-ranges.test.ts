import { describe, expect, it } from 'vitest';
import {
  AGENDA_MESSAGES,
  agendaPeriodOf,
  agendaQuerySchema,
  agendaSpan,
  hasEnded,
  localDayOf,
  relativeWhen,
  timeZoneOf,
} from '../src/index.ts';

const BOGOTA = timeZoneOf('col');
const BUENOS_AIRES = timeZoneOf('arg');

/** The span as ISO texts, for readable expectations. */
function span(...args: Parameters<typeof agendaSpan>) {
  const { from, until } = agendaSpan(...args);
  return [from?.toISOString() ?? null, until?.toISOString() ?? null];
}

describe('the countries’ time zones', () => {
  it('has one table, with Argentina’s zone by default', () => {
    expect(timeZoneOf('arg')).toBe('America/Argentina/Buenos_Aires');
    expect(timeZoneOf('col')).toBe('America/Bogota');
    expect(timeZoneOf(null)).toBe('America/Argentina/Buenos_Aires');
    expect(timeZoneOf('xyz')).toBe('America/Argentina/Buenos_Aires');
  });

  it('reads a day in the zone, not in UTC', () => {
    // Monday 03:30 UTC is still Sunday 22:30 in Bogotá.
    expect(localDayOf(BOGOTA, new Date('2030-12-16T03:30:00Z'))).toEqual({ year: 2030, month: 12, day: 15 });
    expect(localDayOf(BUENOS_AIRES, new Date('2030-12-16T03:30:00Z'))).toEqual({
      year: 2030,
      month: 12,
      day: 16,
    });
  });
});

describe('agendaSpan', () => {
  // Wednesday 11 December 2030, 12:00 UTC.
  const wednesday = new Date('2030-12-11T12:00:00Z');

  it('today is the local day', () => {
    expect(span({ when: 'today' }, BUENOS_AIRES, wednesday)).toEqual([
      '2030-12-11T03:00:00.000Z',
      '2030-12-12T03:00:00.000Z',
    ]);
    expect(span({ when: 'today' }, BOGOTA, wednesday)).toEqual([
      '2030-12-11T05:00:00.000Z',
      '2030-12-12T05:00:00.000Z',
    ]);
  });

  it('today follows the zone near midnight: 23:30 in Bogotá is still that day there', () => {
    const lateSunday = new Date('2030-12-16T04:30:00Z'); // Sunday 23:30 in Bogotá, Monday 01:30 in Buenos Aires
    expect(span({ when: 'today' }, BOGOTA, lateSunday)[0]).toBe('2030-12-15T05:00:00.000Z');
    expect(span({ when: 'today' }, BUENOS_AIRES, lateSunday)[0]).toBe('2030-12-16T03:00:00.000Z');
  });

  it('the weekend is Saturday and Sunday: the next one on a weekday, the one under way on Saturday and Sunday', () => {
    const weekend = ['2030-12-14T05:00:00.000Z', '2030-12-16T05:00:00.000Z'];
    expect(span({ when: 'weekend' }, BOGOTA, wednesday)).toEqual(weekend);
    // Friday 23:00 in Bogotá: not yet the weekend.
    expect(span({ when: 'weekend' }, BOGOTA, new Date('2030-12-14T04:00:00Z'))).toEqual(weekend);
    expect(span({ when: 'weekend' }, BOGOTA, new Date('2030-12-14T15:00:00Z'))).toEqual(weekend);
    // Sunday 23:30 in Bogotá (Monday in UTC and in Buenos Aires).
    expect(span({ when: 'weekend' }, BOGOTA, new Date('2030-12-16T04:30:00Z'))).toEqual(weekend);
    // The same instant is Monday in Buenos Aires: the next weekend there.
    expect(span({ when: 'weekend' }, BUENOS_AIRES, new Date('2030-12-16T04:30:00Z'))).toEqual([
      '2030-12-21T03:00:00.000Z',
      '2030-12-23T03:00:00.000Z',
    ]);
  });

  it('the next 7 days are today and the six after it; the month is the calendar month', () => {
    expect(span({ when: 'week' }, BUENOS_AIRES, wednesday)).toEqual([
      '2030-12-11T03:00:00.000Z',
      '2030-12-18T03:00:00.000Z',
    ]);
    expect(span({ when: 'month' }, BUENOS_AIRES, wednesday)).toEqual([
      '2030-12-01T03:00:00.000Z',
      '2031-01-01T03:00:00.000Z',
    ]);
  });

  it('a range of days is inclusive, either end open', () => {
    const day = (year: number, month: number, date: number) => ({ year, month, day: date });
    expect(span({ from: day(2030, 12, 20), to: day(2030, 12, 20) }, BOGOTA, wednesday)).toEqual([
      '2030-12-20T05:00:00.000Z',
      '2030-12-21T05:00:00.000Z',
    ]);
    expect(span({ from: null, to: day(2030, 12, 31) }, BUENOS_AIRES, wednesday)).toEqual([
      null,
      '2031-01-01T03:00:00.000Z',
    ]);
  });
});

describe('relativeWhen and hasEnded', () => {
  const now = new Date('2030-12-11T15:00:00Z'); // 12:00 in Buenos Aires, 10:00 in Bogotá

  it('says today, tomorrow and in a few days in the publication’s zone', () => {
    expect(relativeWhen('2030-12-11T21:00:00Z', null, BUENOS_AIRES, now)).toBe('hoy 18:00');
    expect(relativeWhen('2030-12-12T13:00:00Z', null, BUENOS_AIRES, now)).toBe('mañana 10:00');
    expect(relativeWhen('2030-12-14T13:00:00Z', null, BUENOS_AIRES, now)).toBe('en 3 días');
    // 23:30 Wednesday in Bogotá is 04:30 Thursday UTC: still today there.
    expect(relativeWhen('2030-12-12T04:30:00Z', null, BOGOTA, now)).toBe('hoy 23:30');
    expect(relativeWhen('2030-12-12T04:30:00Z', null, BUENOS_AIRES, now)).toBe('mañana 01:30');
  });

  it('says nothing far ahead or once ended, and "ahora" while under way', () => {
    expect(relativeWhen('2031-02-01T13:00:00Z', null, BUENOS_AIRES, now)).toBeNull();
    expect(relativeWhen('2030-12-10T13:00:00Z', null, BUENOS_AIRES, now)).toBeNull();
    expect(relativeWhen('2030-12-10T13:00:00Z', '2030-12-13T13:00:00Z', BUENOS_AIRES, now)).toBe('ahora');
    expect(hasEnded('2030-12-10T13:00:00Z', null, now)).toBe(true);
    expect(hasEnded('2030-12-10T13:00:00Z', '2030-12-13T13:00:00Z', now)).toBe(false);
    expect(hasEnded(null, null, now)).toBe(false);
  });
});

describe('agendaQuerySchema', () => {
  const messages = (input: Record<string, string>) => {
    const result = agendaQuerySchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('reads the quick periods, the days and past; empty values are absent', () => {
    const parsed = agendaQuerySchema.parse({ when: '', from: '2030-12-01', to: '2030-12-31', past: '1' });
    expect(parsed).toEqual({
      from: { year: 2030, month: 12, day: 1 },
      to: { year: 2030, month: 12, day: 31 },
      past: true,
    });
    expect(agendaPeriodOf(parsed)).toEqual({ from: parsed.from, to: parsed.to });
    expect(agendaPeriodOf(agendaQuerySchema.parse({ when: 'weekend' }))).toEqual({ when: 'weekend' });
    expect(agendaPeriodOf(agendaQuerySchema.parse({}))).toBeNull();
  });

  it('answers Spanish messages for bad values', () => {
    expect(messages({ when: 'tomorrow' })).toEqual([AGENDA_MESSAGES.when]);
    expect(messages({ from: '2030-02-30' })).toEqual([AGENDA_MESSAGES.from]);
    expect(messages({ to: '31/12/2030' })).toEqual([AGENDA_MESSAGES.to]);
    expect(messages({ from: '2030-12-31', to: '2030-12-01' })).toEqual([AGENDA_MESSAGES.order]);
    expect(messages({ when: 'today', from: '2030-12-01' })).toEqual([AGENDA_MESSAGES.both]);
    expect(messages({ past: 'yes' })).toEqual([AGENDA_MESSAGES.past]);
  });
});
