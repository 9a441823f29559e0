import { describe, expect, it } from 'vitest';
import { isShortMapsLink, pointFromMapsLink } from '../../src/places/maps-link.ts';

describe('pointFromMapsLink', () => {
  it.each([
    // Google Maps: a place (the marker in the data path wins over the viewport's '@').
    [
      'https://www.google.com/maps/place/Plaza+de+Mayo/@-34.6080556,-58.3724665,17z/data=!3m1!4b1!4m6!3m5!1s0x95bccad2a5f2e8a5:0x6e1a3d1a5ff1e5b1!8m2!3d-34.6080556!4d-58.3702778!16zL20vMDFrY3pn?entry=ttu',
      -34.608056,
      -58.370278,
    ],
    // Google Maps: a viewport.
    ['https://www.google.com/maps/@-31.4201,-64.1888,15z', -31.4201, -64.1888],
    ['https://www.google.com.ar/maps/@-31.4201,-64.1888,3a,75y,90t/data=!3m6', -31.4201, -64.1888],
    // Google Maps: a place found by name, no marker.
    ['https://www.google.com/maps/place/Parque+Sarmiento/@-31.4281,-64.1847,16z', -31.4281, -64.1847],
    // Google Maps: query, search API, ll, directions.
    ['https://maps.google.com/?q=-34.6037,-58.3816', -34.6037, -58.3816],
    ['https://maps.google.com/maps?q=6.2442%2C-75.5812&z=15', 6.2442, -75.5812],
    ['https://www.google.com/maps/search/?api=1&query=6.2442,-75.5812', 6.2442, -75.5812],
    ['https://maps.google.com/maps?ll=-32.8895,-68.8458&spn=0.01,0.01&t=m', -32.8895, -68.8458],
    ['https://www.google.com/maps/dir/?api=1&destination=-26.8083,-65.2176', -26.8083, -65.2176],
    ['https://www.google.com/maps?q=loc:-34.6037,-58.3816', -34.6037, -58.3816],
    // A dropped pin: coordinates as the place, in decimals or degrees, minutes and seconds.
    ['https://www.google.com/maps/place/-34.6037,-58.3816', -34.6037, -58.3816],
    ['https://www.google.com/maps/search/-34.6037,+-58.3816', -34.6037, -58.3816],
    ["https://www.google.com/maps/place/34%C2%B036'13.3%22S+58%C2%B022'53.8%22W", -34.603694, -58.381611],
    // OpenStreetMap: a marker, or just the map's center.
    [
      'https://www.openstreetmap.org/?mlat=-34.6037&mlon=-58.3816#map=17/-34.6037/-58.3816',
      -34.6037,
      -58.3816,
    ],
    ['https://www.openstreetmap.org/#map=17/-31.42010/-64.18880', -31.4201, -64.1888],
    ['https://www.openstreetmap.org/search?query=reciclaje#map=15/5.5353/-73.3678', 5.5353, -73.3678],
    ['https://www.openstreetmap.org/#map=16/10.4631/-73.2532&layers=N', 10.4631, -73.2532],
    // Apple Maps and Waze.
    ['https://maps.apple.com/?ll=-38.0055,-57.5426&q=Punto%20Verde', -38.0055, -57.5426],
    ['https://waze.com/ul?ll=-33.295,-66.3356&navigate=yes', -33.295, -66.3356],
    // geo: URIs (RFC 5870, and Android's query form).
    ['geo:-34.6037,-58.3816', -34.6037, -58.3816],
    ['geo:-34.6037,-58.3816;u=35', -34.6037, -58.3816],
    ['geo:6.2442,-75.5812,1500', 6.2442, -75.5812],
    ['geo:0,0?q=-34.6037,-58.3816(Punto Verde)', -34.6037, -58.3816],
    ['GEO:-34.6037,-58.3816', -34.6037, -58.3816],
  ])('reads %s', (link, lat, lng) => {
    expect(pointFromMapsLink(link)).toEqual({ lat, lng });
  });

  it.each([
    'https://maps.app.goo.gl/4c3d5qEz9ZkKkKk17',
    'https://www.google.com/maps/place/Plaza+de+Mayo',
    'https://www.google.com/maps/search/reciclaje+pilas',
    'https://www.openstreetmap.org/node/123456',
    'https://maps.google.com/?q=99,-58',
    'https://maps.google.com/?q=-34,-190',
    'geo:0,0?q=Plaza+de+Mayo',
    'no es un enlace',
    '',
    null,
  ])('finds nothing in %s', (link) => {
    expect(pointFromMapsLink(link)).toBeNull();
  });

  it('recognizes short links, which must be opened first', () => {
    expect(isShortMapsLink('https://maps.app.goo.gl/4c3d5qEz9ZkKkKk17')).toBe(true);
    expect(isShortMapsLink('https://goo.gl/maps/abc')).toBe(true);
    expect(isShortMapsLink('https://www.google.com/maps/@-31.4201,-64.1888,15z')).toBe(false);
  });
});
