import { describe, expect, it } from 'vitest';
import { distanceKm, formatDistance } from '../../src/places/distance.ts';

describe('distanceKm', () => {
  it('measures known distances', () => {
    // Buenos Aires' Obelisco to Córdoba's Plaza San Martín: about 646 km.
    const km = distanceKm({ lat: -34.6037, lng: -58.3816 }, { lat: -31.4201, lng: -64.1888 });
    expect(km).toBeGreaterThan(640);
    expect(km).toBeLessThan(652);
    expect(distanceKm({ lat: 6.2442, lng: -75.5812 }, { lat: 6.2442, lng: -75.5812 })).toBe(0);
    // A thousandth of a degree of latitude is about 111 m.
    expect(distanceKm({ lat: -34.6, lng: -58.4 }, { lat: -34.601, lng: -58.4 })).toBeCloseTo(0.1112, 3);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, 'a 10 m'],
    [0.004, 'a 10 m'],
    [0.35, 'a 350 m'],
    [0.347, 'a 350 m'],
    [0.994, 'a 990 m'],
    [0.996, 'a 1 km'],
    [1.2, 'a 1,2 km'],
    [1.24, 'a 1,2 km'],
    [9.94, 'a 9,9 km'],
    [9.96, 'a 10 km'],
    [25.4, 'a 25 km'],
    [1250.2, 'a 1.250 km'],
  ])('%s km reads %s', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });
});
