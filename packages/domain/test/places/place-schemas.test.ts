import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cities } from '../../src/catalog/cities.ts';
import { APPROXIMATE_RADIUS_M, approximatePoint } from '../../src/places/approximate.ts';
import { COUNTRY_BOUNDS, countryOfPoint, isInBox } from '../../src/places/bounds.ts';
import { CITY_CENTER_KEYS, cityCenter } from '../../src/places/city-centers.ts';
import { distanceKm } from '../../src/places/distance.ts';
import { parseBbox, parseNear, parseZoom } from '../../src/places/schemas.ts';
import { publicationSchema } from '../../src/schemas/publication.ts';
import { messagesAt, parseValid } from '../helpers.ts';

const dot = {
  typed: 'dots',
  title: 'Punto Verde Plaza',
  description: 'Recibimos pilas y vidrio',
  locationAddress: 'Av. Siempreviva 742',
  labels: ['Vidrios'],
  files: [{ url: '/media/a.webp' }],
  locationCountry: 'arg',
  locationProvince: 'cordoba',
  locationCity: 'cba-city',
};

describe('the point of a publication', () => {
  it('is optional, and rounded to six decimals when given (forms send text)', () => {
    const plain = parseValid(publicationSchema, dot);
    expect([plain.locationLat, plain.locationLng, plain.locationExact, plain.openingHours]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const placed = parseValid(publicationSchema, {
      ...dot,
      locationLat: '-31.42012345',
      locationLng: -64.1888,
    });
    expect([placed.locationLat, placed.locationLng]).toEqual([-31.420123, -64.1888]);
  });

  it('refuses coordinates out of range, alone, or outside Argentina and Colombia', () => {
    expect(
      messagesAt(publicationSchema, { ...dot, locationLat: 91, locationLng: -64 }, 'locationLat'),
    ).toEqual(['La latitud debe estar entre -90 y 90']);
    expect(
      messagesAt(publicationSchema, { ...dot, locationLat: -31, locationLng: -181 }, 'locationLng'),
    ).toEqual(['La longitud debe estar entre -180 y 180']);
    expect(
      messagesAt(publicationSchema, { ...dot, locationLat: 'norte', locationLng: -64 }, 'locationLat'),
    ).toEqual(['La latitud debe ser un número']);
    expect(messagesAt(publicationSchema, { ...dot, locationLat: -31.4 }, 'locationLng')).toEqual([
      'La longitud es obligatoria',
    ]);
    // Madrid.
    expect(
      messagesAt(publicationSchema, { ...dot, locationLat: 40.4168, locationLng: -3.7038 }, 'locationLat'),
    ).toEqual(['El punto debe estar en Argentina o Colombia']);
    // Medellín, for a publication in Argentina.
    expect(
      messagesAt(publicationSchema, { ...dot, locationLat: 6.2442, locationLng: -75.5812 }, 'locationLat'),
    ).toEqual(['El punto no corresponde al país elegido']);
  });

  it('reads the show-exact choice from a checkbox or a boolean', () => {
    expect(parseValid(publicationSchema, { ...dot, locationExact: 'on' }).locationExact).toBe(true);
    expect(parseValid(publicationSchema, { ...dot, locationExact: false }).locationExact).toBe(false);
    expect(messagesAt(publicationSchema, { ...dot, locationExact: 'quizás' }, 'locationExact')).toEqual([
      'La opción de mostrar el lugar exacto es incorrecta',
    ]);
  });
});

describe('map queries', () => {
  it('read near, bbox and zoom, with Spanish messages', () => {
    expect(parseNear('-31.42,-64.19')).toEqual({ ok: true, value: { lat: -31.42, lng: -64.19 } });
    expect(parseNear('-31.42')).toEqual({
      ok: false,
      message: 'El punto de búsqueda tiene un formato incorrecto',
    });
    expect(parseNear('-95,-64')).toEqual({ ok: false, message: 'La latitud debe estar entre -90 y 90' });
    expect(parseNear('48.85,2.35')).toEqual({
      ok: false,
      message: 'El punto debe estar en Argentina o Colombia',
    });
    expect(parseBbox('-65,-32,-63,-30')).toEqual({
      ok: true,
      value: { minLng: -65, minLat: -32, maxLng: -63, maxLat: -30 },
    });
    expect(parseBbox('-63,-32,-65,-30')).toEqual({
      ok: false,
      message: 'El área del mapa está invertida: el mínimo supera al máximo',
    });
    expect(parseBbox('-65,-32,-63')).toEqual({
      ok: false,
      message: 'El área del mapa tiene un formato incorrecto',
    });
    expect(parseBbox('-65,-92,-63,-30')).toEqual({
      ok: false,
      message: 'La latitud debe estar entre -90 y 90',
    });
    expect(parseZoom('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseZoom('23')).toEqual({ ok: false, message: 'El zoom debe estar entre 0 y 22' });
    expect(parseZoom('cerca')).toEqual({ ok: false, message: 'El zoom tiene un formato incorrecto' });
  });
});

describe('approximate points', () => {
  const exact = { lat: -34.6037, lng: -58.3816 };
  const seedOf = (id: string, secret: string) => createHmac('sha256', secret).update(id).digest();

  it('move a few hundred metres, always inside the circle, the same way every time for one publication', () => {
    const moved = approximatePoint(exact, seedOf('pub-1', 'secret'));
    expect(approximatePoint(exact, seedOf('pub-1', 'secret'))).toEqual(moved);
    const metres = distanceKm(exact, moved) * 1000;
    expect(metres).toBeGreaterThan(140);
    expect(metres).toBeLessThan(APPROXIMATE_RADIUS_M);
  });

  it('differ between publications and between secrets, so the exact point is not their average', () => {
    const points = Array.from({ length: 200 }, (_, index) =>
      approximatePoint(exact, seedOf(`pub-${index}`, 's')),
    );
    expect(new Set(points.map((point) => `${point.lat},${point.lng}`)).size).toBeGreaterThan(190);
    expect(approximatePoint(exact, seedOf('pub-1', 'other'))).not.toEqual(
      approximatePoint(exact, seedOf('pub-1', 's')),
    );
    for (const point of points) expect(distanceKm(exact, point) * 1000).toBeLessThan(APPROXIMATE_RADIUS_M);
  });
});

describe('city centers', () => {
  it('cover every catalog city, inside its country', () => {
    expect([...CITY_CENTER_KEYS].sort()).toEqual(cities.map((city) => city.key).sort());
    for (const city of cities) {
      const center = cityCenter(city.key);
      expect(center, city.key).not.toBeNull();
      expect(countryOfPoint(center!), city.key).toBe(city.countryKey);
      expect(isInBox(center!, COUNTRY_BOUNDS[city.countryKey as 'arg'])).toBe(true);
    }
    expect(cityCenter('atlantis')).toBeNull();
  });
});
