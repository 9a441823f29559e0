import { describe, expect, it } from 'vitest';
import { calendarFilePath, googleCalendarUrl } from './calendar-links';

const event = {
  _id: 'abc 1',
  title: 'Taller de compostaje',
  description: 'Traé tu compost, y mate.',
  calendaredAt: '2030-05-10T17:00:00.000Z',
  calendaredUntil: '2030-05-10T20:30:00.000Z',
  locationAddress: 'Plaza San Martín',
  locationCountry: 'arg',
  locationProvince: 'cordoba',
  locationCity: 'cba-city',
};
const PAGE = 'https://eco.example.org/publications/abc%201';

describe('calendar links', () => {
  it('points the .ics link to the API route of the publication', () => {
    expect(calendarFilePath('abc 1')).toBe('/api/publication/abc%201/calendar.ics');
  });

  it("fills Google's template with the UTC instants, the texts, the page and the place", () => {
    const url = new URL(googleCalendarUrl(event, PAGE)!);

    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Taller de compostaje',
      dates: '20300510T170000Z/20300510T203000Z',
      details: `Traé tu compost, y mate.\n\n${PAGE}`,
      location: 'Plaza San Martín, Córdoba, Córdoba, Argentina',
    });
  });

  it('gives an event without an end an hour, and none without a start', () => {
    const url = new URL(googleCalendarUrl({ ...event, calendaredUntil: null }, PAGE)!);
    expect(url.searchParams.get('dates')).toBe('20300510T170000Z/20300510T180000Z');
    expect(googleCalendarUrl({ ...event, calendaredAt: null }, PAGE)).toBeNull();
  });
});
