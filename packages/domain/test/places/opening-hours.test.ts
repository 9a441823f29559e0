import { describe, expect, it } from 'vitest';
import {
  describeOpeningHours,
  isOpenAt,
  openingStatus,
  weekIntervals,
  type OpeningHours,
} from '../../src/places/opening-hours.ts';
import { openingHoursSchema } from '../../src/places/schemas.ts';
import { messagesAt, parseValid } from '../helpers.ts';

// Monday to Friday 9 to 13 and 14 to 18, Saturday 9 to 13, Sunday closed.
const WEEKDAYS: OpeningHours = [1, 2, 3, 4, 5].flatMap((day) => [
  { day: day as 1, opens: '09:00', closes: '13:00' },
  { day: day as 1, opens: '14:00', closes: '18:00' },
]);
const HOURS: OpeningHours = [...WEEKDAYS, { day: 6, opens: '09:00', closes: '13:00' }];

// 2026-11-23 is a Monday. Argentina is UTC-3, Colombia UTC-5.
const at = (iso: string) => new Date(iso);

describe('openingStatus', () => {
  it('says when an open place closes, in its country', () => {
    expect(openingStatus(HOURS, 'arg', at('2026-11-23T18:00:00Z'))).toEqual({
      open: true,
      text: 'Abierto ahora · cierra a las 18:00',
    });
    // 10:00 in Bogotá is 12:00 in Buenos Aires.
    expect(openingStatus(HOURS, 'col', at('2026-11-23T15:00:00Z'))?.text).toBe(
      'Abierto ahora · cierra a las 13:00',
    );
  });

  it('says when a closed place opens: later today, tomorrow, or on a named day', () => {
    // Monday 13:30 in Argentina.
    expect(openingStatus(HOURS, 'arg', at('2026-11-23T16:30:00Z'))).toEqual({
      open: false,
      text: 'Cerrado · abre a las 14:00',
    });
    // Monday 20:00.
    expect(openingStatus(HOURS, 'arg', at('2026-11-23T23:00:00Z'))?.text).toBe('Cerrado · abre mañana 9:00');
    // Saturday 15:00: next opening is Monday.
    expect(openingStatus(HOURS, 'arg', at('2026-11-28T18:00:00Z'))?.text).toBe(
      'Cerrado · abre el lunes 9:00',
    );
    // Sunday 23:30 in Bogotá is already Monday in UTC; still Sunday there.
    expect(openingStatus(HOURS, 'col', at('2026-11-30T04:30:00Z'))?.text).toBe('Cerrado · abre mañana 9:00');
  });

  it('reads a night across midnight and across the week as one stretch', () => {
    const night: OpeningHours = [
      { day: 6, opens: '20:00', closes: '24:00' },
      { day: 0, opens: '00:00', closes: '02:00' },
    ];
    // Saturday 23:00.
    expect(openingStatus(night, 'arg', at('2026-11-29T02:00:00Z'))?.text).toBe(
      'Abierto ahora · cierra mañana 2:00',
    );
    // Sunday 01:00.
    expect(openingStatus(night, 'arg', at('2026-11-29T04:00:00Z'))?.text).toBe(
      'Abierto ahora · cierra a las 2:00',
    );
    expect(weekIntervals(night)).toEqual([[6 * 1440 + 1200, 7 * 1440 + 120]]);
  });

  it('knows a place open all the time, and knows nothing without hours', () => {
    const always: OpeningHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day: day as 0,
      opens: '00:00',
      closes: '24:00',
    }));
    expect(openingStatus(always, 'arg', at('2026-11-23T15:00:00Z'))).toEqual({
      open: true,
      text: 'Abierto las 24 horas',
    });
    expect(openingStatus(null, 'arg', at('2026-11-23T15:00:00Z'))).toBeNull();
    expect(openingStatus([], 'arg', at('2026-11-23T15:00:00Z'))).toBeNull();
    expect(isOpenAt(null, 'arg', at('2026-11-23T15:00:00Z'))).toBe(false);
  });

  it('lists the week, Monday first, with closed days', () => {
    expect(describeOpeningHours(HOURS)).toEqual([
      'lunes: 9:00–13:00, 14:00–18:00',
      'martes: 9:00–13:00, 14:00–18:00',
      'miércoles: 9:00–13:00, 14:00–18:00',
      'jueves: 9:00–13:00, 14:00–18:00',
      'viernes: 9:00–13:00, 14:00–18:00',
      'sábado: 9:00–13:00',
      'domingo: cerrado',
    ]);
  });
});

describe('openingHoursSchema', () => {
  it('keeps ranges sorted and reads empty as unknown', () => {
    expect(
      parseValid(openingHoursSchema, [
        { day: 2, opens: '14:00', closes: '18:00' },
        { day: '1', opens: '09:00', closes: '24:00' },
      ]),
    ).toEqual([
      { day: 1, opens: '09:00', closes: '24:00' },
      { day: 2, opens: '14:00', closes: '18:00' },
    ]);
    expect(parseValid(openingHoursSchema, [])).toBeNull();
    expect(parseValid(openingHoursSchema, undefined)).toBeNull();
  });

  it.each([
    [[{ day: 1, opens: '18:00', closes: '09:00' }], 'La hora de cierre debe ser posterior a la de apertura'],
    [[{ day: 1, opens: '9:00', closes: '18:00' }], 'El horario tiene un formato incorrecto'],
    [[{ day: 1, opens: '24:00', closes: '24:00' }], 'El horario tiene un formato incorrecto'],
    [[{ day: 7, opens: '09:00', closes: '18:00' }], 'El horario es incorrecto'],
    [
      [
        { day: 1, opens: '09:00', closes: '13:00' },
        { day: 1, opens: '12:00', closes: '18:00' },
      ],
      'Los horarios de un mismo día no pueden superponerse',
    ],
    [
      ['08:00', '10:00', '12:00', '14:00'].map((opens) => ({
        day: 3,
        opens,
        closes: opens.replace(':00', ':30'),
      })),
      'Cada día admite como máximo 3 horarios',
    ],
    ['lunes a viernes', 'El horario es incorrecto'],
  ])('refuses %j', (input, message) => {
    const messages = [
      ...messagesAt(openingHoursSchema, input, ''),
      ...messagesAt(openingHoursSchema, input, '0'),
      ...messagesAt(openingHoursSchema, input, '0.day'),
      ...messagesAt(openingHoursSchema, input, '0.opens'),
    ];
    expect(messages).toContain(message);
  });
});
