import { isValidLatitude, isValidLongitude, roundCoordinate, type Point } from './bounds.ts';

// Coordinates read from a pasted maps link, so that nobody needs a geocoding service: Google Maps, OpenStreetMap,
// Apple Maps, Waze and `geo:` URIs. Short links (maps.app.goo.gl) hold no coordinates until they are followed, which
// we do not do: they answer null and the form says so.

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(?:loc:)?\s*(${NUMBER})\s*,\s*(${NUMBER})`);
/** The marker of a Google place: '!3d<lat>!4d<lng>' in its data path (the '@' is only the viewport's center). */
const GOOGLE_MARKER = new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`);
const GOOGLE_VIEWPORT = new RegExp(String.raw`/@(${NUMBER}),(${NUMBER})(?:,|$|/|\?)`);
const OSM_HASH = new RegExp(String.raw`(?:^|[#&])map=\d{1,2}(?:\.\d+)?/(${NUMBER})/(${NUMBER})`);
/** 34°36'13.3"S 58°22'53.8"W, as Google writes a dropped pin's place name. */
const DMS =
  /(\d{1,2})°\s*(\d{1,2})['′]\s*(\d{1,2}(?:\.\d+)?)["″]?\s*([NS])[\s+,]*(\d{1,3})°\s*(\d{1,2})['′]\s*(\d{1,2}(?:\.\d+)?)["″]?\s*([EW])/i;

/** Query parameters that hold 'lat,lng' in the maps apps' links. */
const PAIR_PARAMETERS = ['q', 'query', 'll', 'destination', 'daddr', 'center', 'sll'] as const;

function point(latText: string | undefined, lngText: string | undefined): Point | null {
  if (latText === undefined || lngText === undefined) return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!isValidLatitude(lat) || !isValidLongitude(lng)) return null;
  // 0,0 is what apps send when they have no point (Android's 'geo:0,0?q=…').
  if (lat === 0 && lng === 0) return null;
  return { lat: roundCoordinate(lat), lng: roundCoordinate(lng) };
}

function pairIn(text: string | null | undefined): Point | null {
  if (!text) return null;
  const match = PAIR.exec(text);
  return match ? point(match[1], match[2]) : null;
}

function dmsIn(text: string): Point | null {
  const match = DMS.exec(text);
  if (!match) return null;
  const part = (degrees?: string, minutes?: string, seconds?: string, hemisphere?: string) => {
    const value = Number(degrees) + Number(minutes) / 60 + Number(seconds) / 3600;
    return /[SW]/i.test(hemisphere ?? '') ? -value : value;
  };
  return point(
    String(part(match[1], match[2], match[3], match[4])),
    String(part(match[5], match[6], match[7], match[8])),
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function fromGeoUri(text: string): Point | null {
  // geo:lat,lng[,alt][;u=…][?q=lat,lng(label)] (RFC 5870; the query is Android's).
  const body = text.slice('geo:'.length);
  const [path = '', query = ''] = body.split('?');
  const direct = pairIn(path.split(';')[0]);
  if (direct) return direct;
  return pairIn(new URLSearchParams(query).get('q'));
}

/** The point a maps link or `geo:` URI holds, or null when it holds none (a search, a short link, anything else). */
export function pointFromMapsLink(link: string | null | undefined): Point | null {
  const text = link?.trim();
  if (!text) return null;
  if (/^geo:/i.test(text)) return fromGeoUri(text.replace(/^geo:/i, 'geo:'));
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  const path = safeDecode(url.pathname);
  const marker = GOOGLE_MARKER.exec(url.pathname + url.search);
  if (marker) return point(marker[1], marker[2]);
  const mlat = url.searchParams.get('mlat');
  const mlon = url.searchParams.get('mlon');
  if (mlat && mlon) return point(mlat, mlon);
  for (const name of PAIR_PARAMETERS) {
    const found = pairIn(url.searchParams.get(name));
    if (found) return found;
  }
  const viewport = GOOGLE_VIEWPORT.exec(path);
  if (viewport) return point(viewport[1], viewport[2]);
  // '/maps/place/-34.6037,-58.3816' and '/maps/search/-34.6037,+-58.3816'.
  const placed = /\/(?:place|search|dir)\/([^/]+)/.exec(path);
  if (placed) {
    const found = pairIn(placed[1]) ?? dmsIn(placed[1] ?? '');
    if (found) return found;
  }
  const hash = OSM_HASH.exec(url.hash.slice(1));
  if (hash) return point(hash[1], hash[2]);
  return dmsIn(path);
}

/** Share links that must be opened before they say where they point (the form asks for the full link instead). */
export function isShortMapsLink(link: string | null | undefined): boolean {
  const text = link?.trim();
  if (!text || !URL.canParse(text)) return false;
  return /^(maps\.app\.goo\.gl|goo\.gl|g\.co)$/i.test(new URL(text).hostname);
}
