import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback Nominatim for tests only: `/search?format=jsonv2` answered in the real service's shape (coordinates as
// strings, a display name, fields we ignore), with ways to fail. What it was asked is recorded.

export type NominatimMode = 'normal' | 'failing' | 'garbage' | 'slow';
export type NominatimRequest = {
  at: number;
  params: URLSearchParams;
  path: string;
  userAgent: string | undefined;
};
export type NominatimStandIn = {
  url: string;
  mode: { value: NominatimMode };
  received: NominatimRequest[];
  close: () => Promise<void>;
};

/** The street part of a query: what the person typed before the catalog's names. */
const streetOf = (q: string) => q.split(',')[0]!.trim();

function place(lat: string, lon: string, name: string) {
  return {
    place_id: 1,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 1,
    lat,
    lon,
    category: 'highway',
    type: 'residential',
    place_rank: 26,
    importance: 0.1,
    addresstype: 'road',
    name,
    display_name: name,
    boundingbox: [lat, lat, lon, lon],
  };
}

/**
 * Answers, for any query, the typed street in central Córdoba and Plaza San Martín, plus what a real answer may hold
 * and we must drop (the same point twice, a point in another country, a malformed one); a street with "sin
 * resultados" finds nothing, one with "única" finds only itself.
 */
export function answerFor(q: string): unknown[] {
  const street = streetOf(q);
  if (/sin resultados/i.test(street)) return [];
  const found = place('-31.4135', '-64.18105', `${street}, Centro, Córdoba, Argentina`);
  if (/única/i.test(street)) return [found];
  return [
    found,
    place('-31.4135000', '-64.1810500', 'Duplicado'),
    place('4.711', '-74.0721', 'Bogotá, Colombia'),
    { lat: 'x', lon: '1', display_name: 'Roto' },
    place('-31.4201234567', '-64.1888', 'Plaza San Martín, Córdoba, Argentina'),
  ];
}

export async function startNominatimStandIn(options: { port?: number } = {}): Promise<NominatimStandIn> {
  const mode = { value: 'normal' as NominatimMode };
  const received: NominatimRequest[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    received.push({
      at: Date.now(),
      params: url.searchParams,
      path: url.pathname,
      userAgent: request.headers['user-agent'],
    });
    void (async () => {
      if (url.pathname !== '/search') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":"not found"}');
        return;
      }
      if (mode.value === 'failing') {
        response.writeHead(503, { 'content-type': 'text/html' });
        response.end('<h1>Bandwidth limit exceeded</h1>');
        return;
      }
      if (mode.value === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>not json</html>');
        return;
      }
      if (mode.value === 'slow') await new Promise((resolve) => setTimeout(resolve, 800));
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(answerFor(url.searchParams.get('q') ?? '')));
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mode,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
