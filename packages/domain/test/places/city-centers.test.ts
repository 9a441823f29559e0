import { describe, expect, it } from 'vitest';
import { cityOfArea, nearestCity } from '../../src/places/city-centers.ts';

describe('the city a point or a map area is about', () => {
  it('is the catalog city nearest to the point, when one is close enough', () => {
    expect(nearestCity({ lat: -31.4167, lng: -64.1836 }, 30)).toBe('cba-city');
    // La Banda is 5 km from Santiago del Estero: the nearer one wins.
    expect(nearestCity({ lat: -27.735, lng: -64.243 }, 30)).toBe('la-banda');
    // The middle of the Pampas is far from every catalog city.
    expect(nearestCity({ lat: -36.5, lng: -64.3 }, 30)).toBeNull();
  });

  it('names a town-sized map area after the city in its middle, and no area larger than a town', () => {
    expect(cityOfArea({ minLng: -64.3, minLat: -31.5, maxLng: -64.1, maxLat: -31.3 })).toBe('cba-city');
    expect(cityOfArea({ minLng: -75.63, minLat: 6.2, maxLng: -75.53, maxLat: 6.3 })).toBe('medellin');
    expect(cityOfArea({ minLng: -66, minLat: -33, maxLng: -62, maxLat: -30 })).toBeNull();
  });
});
