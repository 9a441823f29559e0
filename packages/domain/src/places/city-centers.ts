import type { BoundingBox, Point } from './bounds.ts';
import { distanceKm } from './distance.ts';

// The center of every catalog city (its main square, roughly): where "Cerca de mí" measures from when the person
// shares no location, and where the demo's places are spread. A domain test keeps it in step with the catalog.
const CENTERS: Readonly<Record<string, readonly [lat: number, lng: number]>> = {
  'sde-city': [-27.7834, -64.2642],
  'la-banda': [-27.7339, -64.2422],
  'termas-de-rio-hondo': [-27.4936, -64.8597],
  anatuya: [-28.4606, -62.8347],
  frias: [-28.6366, -65.129],
  fernandez: [-27.9244, -63.8953],
  caba: [-34.6037, -58.3816],
  'gran-ba': [-34.6534, -58.6198],
  'la-plata': [-34.9214, -57.9545],
  'mar-del-plata': [-38.0055, -57.5426],
  'bahia-blanca': [-38.7183, -62.2663],
  tandil: [-37.3217, -59.1332],
  olavarria: [-36.8927, -60.3225],
  pergamino: [-33.8895, -60.5736],
  junin: [-34.5854, -60.9589],
  lujan: [-34.5703, -59.105],
  'cba-city': [-31.4201, -64.1888],
  'villa-carlos-paz': [-31.4241, -64.4978],
  'rio-cuarto': [-33.1232, -64.3493],
  'villa-maria': [-32.4075, -63.2402],
  'san-francisco': [-31.4279, -62.0827],
  'alta-gracia': [-31.6529, -64.4283],
  'rio-tercero': [-32.1731, -64.1141],
  'jesus-maria': [-30.9815, -64.0942],
  cosquin: [-31.2451, -64.4655],
  'la-falda': [-31.0884, -64.49],
  'san-miguel-de-tucuman': [-26.8083, -65.2176],
  'yerba-buena': [-26.8163, -65.3163],
  'tafi-viejo': [-26.7322, -65.2591],
  'banda-del-rio-sali': [-26.835, -65.1632],
  concepcion: [-27.3436, -65.5925],
  aguilares: [-27.4314, -65.6142],
  'tafi-del-valle': [-26.8527, -65.7095],
  'san-luis-city': [-33.295, -66.3356],
  'villa-mercedes': [-33.6757, -65.4578],
  merlo: [-32.3429, -65.0137],
  'la-punta': [-33.1838, -66.3127],
  'juana-koslay': [-33.2887, -66.2481],
  'justo-daract': [-33.8597, -65.1827],
  'mendoza-city': [-32.8895, -68.8458],
  'godoy-cruz': [-32.9254, -68.8444],
  guaymallen: [-32.9036, -68.787],
  'las-heras': [-32.85, -68.829],
  'lujan-de-cuyo': [-33.036, -68.878],
  maipu: [-32.9833, -68.7833],
  'san-rafael': [-34.6177, -68.3301],
  tunuyan: [-33.5765, -69.0153],
  medellin: [6.2442, -75.5812],
  bello: [6.3373, -75.558],
  itagui: [6.1719, -75.6114],
  envigado: [6.1759, -75.5917],
  rionegro: [6.1551, -75.3737],
  sabaneta: [6.1515, -75.6166],
  apartado: [7.8829, -76.6258],
  tunja: [5.5353, -73.3678],
  duitama: [5.8269, -73.0338],
  sogamoso: [5.7145, -72.9339],
  chiquinquira: [5.6167, -73.8167],
  paipa: [5.78, -73.1172],
  'villa-de-leyva': [5.6333, -73.525],
  valledupar: [10.4631, -73.2532],
  aguachica: [8.3084, -73.6166],
  'agustin-codazzi': [10.0342, -73.2356],
  bosconia: [9.9761, -73.8901],
  'la-jagua-de-ibirico': [9.5621, -73.334],
  curumani: [9.1994, -73.5427],
};

/** The center of a catalog city, or null for an unknown key. */
export function cityCenter(cityKey: string | null | undefined): Point | null {
  const center = cityKey ? CENTERS[cityKey] : undefined;
  return center ? { lat: center[0], lng: center[1] } : null;
}

export const CITY_CENTER_KEYS: readonly string[] = Object.keys(CENTERS);

/** The catalog city whose center is nearest to `point`, within `withinKm`; null when none is that close. */
export function nearestCity(point: Point, withinKm: number): string | null {
  let nearest: string | null = null;
  let best = withinKm;
  for (const [key, [lat, lng]] of Object.entries(CENTERS)) {
    const km = distanceKm(point, { lat, lng });
    if (km <= best) {
      best = km;
      nearest = key;
    }
  }
  return nearest;
}

/** A map area of a town's size (at most about 60 km across) is named after the city nearest its middle. */
const TOWN_SPAN_DEGREES = 0.6;
const TOWN_RADIUS_KM = 30;

/** The catalog city a map area is about, when it is about one (no geocoder: the centers above); else null. */
export function cityOfArea(box: BoundingBox): string | null {
  if (box.maxLat - box.minLat > TOWN_SPAN_DEGREES || box.maxLng - box.minLng > TOWN_SPAN_DEGREES) return null;
  return nearestCity(
    { lat: (box.minLat + box.maxLat) / 2, lng: (box.minLng + box.maxLng) / 2 },
    TOWN_RADIUS_KM,
  );
}
