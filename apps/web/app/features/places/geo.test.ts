import { describe, expect, it } from 'vitest';
import { circlePolygon, directionsUrl, formatBbox, formatPoint, geoUri, readBbox, readNear } from './geo';

describe('the explore URL place values', () => {
  it('reads near=lat,lng inside Argentina or Colombia, rounded to six decimals', () => {
    expect(readNear('-31.4201,-64.1888')).toEqual({ lat: -31.4201, lng: -64.1888 });
    expect(readNear(' 4.7110123456 , -74.0721 ')).toEqual({ lat: 4.711012, lng: -74.0721 });
    expect(formatPoint({ lat: -31.42014444, lng: -64.1888 })).toBe('-31.420144,-64.1888');
  });

  it('drops a near point that is not one, or lies outside both countries (Madrid)', () => {
    expect(readNear(null)).toBeNull();
    expect(readNear('córdoba')).toBeNull();
    expect(readNear('-31.4,-64.1,3')).toBeNull();
    expect(readNear('40.4168,-3.7038')).toBeNull();
  });

  it('reads a bbox in GeoJSON order and drops one turned inside out', () => {
    expect(readBbox('-64.3,-31.5,-64.1,-31.3')).toEqual({
      minLng: -64.3,
      minLat: -31.5,
      maxLng: -64.1,
      maxLat: -31.3,
    });
    expect(readBbox('-64.1,-31.5,-64.3,-31.3')).toBeNull();
    expect(readBbox('-64.3,-31.5,-64.1')).toBeNull();
    expect(readBbox('-200,-31.5,-64.1,-31.3')).toBeNull();
  });

  it('writes a bbox to about a metre', () => {
    expect(formatBbox({ minLng: -64.3000001, minLat: -31.5123456, maxLng: -64.1, maxLat: -31.3 })).toBe(
      '-64.3,-31.51235,-64.1,-31.3',
    );
  });
});

describe('directions and circles', () => {
  it('links to directions that a phone opens in its map app', () => {
    expect(directionsUrl({ lat: -31.4165, lng: -64.1838 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-31.4165,-64.1838',
    );
    expect(geoUri({ lat: 4.711, lng: -74.0721 }, 'Punto limpio')).toBe(
      'geo:4.711,-74.0721?q=4.711,-74.0721(Punto%20limpio)',
    );
  });

  it('draws a closed ring whose points all lie at the radius', () => {
    const center = { lat: -34.6037, lng: -58.3816 };
    const ring = circlePolygon(center, 500, 16);
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual(ring.at(-1));
    for (const [lng = 0, lat = 0] of ring) {
      const dy = (lat - center.lat) * 111_320;
      const dx = (lng - center.lng) * 111_320 * Math.cos((center.lat * Math.PI) / 180);
      expect(Math.hypot(dx, dy)).toBeCloseTo(500, 0);
    }
  });
});
