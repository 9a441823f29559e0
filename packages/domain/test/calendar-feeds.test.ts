import { describe, expect, it } from 'vitest';
import {
  calendarFeedName,
  calendarFeedQuery,
  googleCalendarSubscribeUrl,
  webcalUrlOf,
} from '../src/dates/calendar-feeds.ts';

describe('calendar feeds', () => {
  it('names a feed in Spanish by its category, search, most precise place and materials', () => {
    expect(calendarFeedName({ typed: 'events', country: 'col', province: 'antioquia' })).toBe(
      'Eventos en Antioquia',
    );
    expect(
      calendarFeedName({ typed: 'courses', country: 'col', province: 'antioquia', city: 'medellin' }),
    ).toBe('Cursos en Medellín');
    expect(calendarFeedName({ term: ' compost ', labels: ['Vidrios', 'Plásticos'] })).toBe(
      'Eventos y cursos «compost» en EcoAnuncios (Vidrios, Plásticos)',
    );
  });

  it('writes the filters in a fixed order, without empty ones, and the links calendar apps subscribe with', () => {
    expect(
      calendarFeedQuery({ city: 'cba-city', typed: 'events', country: 'arg', term: '', labels: ['Vidrios'] }),
    ).toBe('typed=events&country=arg&city=cba-city&labels=Vidrios');
    const url = 'https://eco.example.org/api/calendar.ics?typed=events';
    expect(webcalUrlOf(url)).toBe('webcal://eco.example.org/api/calendar.ics?typed=events');
    expect(webcalUrlOf('http://localhost:3000/api/calendar.ics')).toBe(
      'webcal://localhost:3000/api/calendar.ics',
    );
    expect(googleCalendarSubscribeUrl(url)).toBe(
      'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Feco.example.org%2Fapi%2Fcalendar.ics%3Ftyped%3Devents',
    );
  });
});
