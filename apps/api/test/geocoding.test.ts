import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  GEOCODER_OFF_MESSAGE,
  GEOCODER_BUSY_MESSAGE,
  GEOCODER_DOWN_MESSAGE,
  GEOCODER_TOO_MANY_MESSAGE,
} from '../src/modules/geocoding/messages.ts';
import { createNominatimGeocoder, GeocoderUnavailable } from '../src/modules/geocoding/nominatim.ts';
import { GEOCODED_LIFETIME_MS, reserveGeocoderSlot } from '../src/modules/geocoding/repository.ts';
import { ADDRESS_SEARCHES_MAX } from '../src/modules/geocoding/routes.ts';
import { UNAUTHORIZED_MESSAGE } from '../src/modules/sessions/require-session.ts';
import { asBrowser, asClient, insertUser, signIn } from './helpers/accounts.ts';
import { startNominatimStandIn, type NominatimStandIn } from './helpers/nominatim-stand-in.ts';
import { createOtherInstance, createTestApp, type OtherInstance, type TestApp } from './helpers/test-app.ts';

// The address search (decision 050) against a loopback Nominatim (helpers/nominatim-stand-in.ts): what
// it is asked (the address framed by the catalog's names, the country, the city's box, who asks), what comes back
// (inside the country, each point once), who may ask, the cache, the pace shared by two processes, and failures.

const METRICS_TOKEN = 'metrics-token-of-the-geocoding-test';

const search = (params: Record<string, string>) => `/api/places/search?${new URLSearchParams(params)}`;

describe('address search', () => {
  let nominatim: NominatimStandIn;
  let subject: TestApp;
  let other: OtherInstance;
  let member: string;
  let superUser: string;

  beforeAll(async () => {
    nominatim = await startNominatimStandIn();
    subject = await createTestApp({
      env: {
        GEOCODER_URL: `${nominatim.url}/`,
        GEOCODER_EMAIL: 'mapas@example.org',
        GEOCODER_INTERVAL_MS: '0',
        METRICS_TOKEN,
      },
    });
    other = await createOtherInstance(subject);
    const { db } = subject.database;
    await insertUser(db, { email: 'autora@example.com' });
    await insertUser(db, { email: 'admin@example.com', isSuperUser: true });
    member = await signIn(subject.app, 'autora@example.com', 'clave-secreta');
    superUser = await signIn(subject.app, 'admin@example.com', 'clave-secreta');
  });

  afterAll(async () => {
    await other.close();
    await subject.dispose();
    await nominatim.close();
  });

  beforeEach(async () => {
    nominatim.mode.value = 'normal';
    nominatim.received.length = 0;
    await subject.database.db.deleteFrom('geocoded_addresses').execute();
    await subject.database.db.deleteFrom('geocoder_pace').execute();
  });

  it('answers members and super users; guests get 401 and the geocoder is not asked', async () => {
    const url = search({ q: 'Av. Colón 500', country: 'arg', province: 'cordoba', city: 'cba-city' });
    const guest = await subject.app.inject({ method: 'GET', url });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ message: UNAUTHORIZED_MESSAGE });
    expect(nominatim.received).toHaveLength(0);

    for (const token of [member, superUser]) {
      const browser = await subject.app.inject({ method: 'GET', url, ...asBrowser(token) });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['cache-control']).toBe('private, no-store');
      const client = await subject.app.inject({ method: 'GET', url, ...asClient(token) });
      expect(client.json()).toEqual(browser.json());
    }
  });

  it('asks for the address framed by its city, province and country, and offers each point in the country once', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: search({ q: 'Av. Colón 500', country: 'arg', province: 'cordoba', city: 'cba-city' }),
      ...asClient(member),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      places: [
        { label: 'Av. Colón 500, Centro, Córdoba, Argentina', lat: -31.4135, lng: -64.18105 },
        { label: 'Plaza San Martín, Córdoba, Argentina', lat: -31.420123, lng: -64.1888 },
      ],
    });
    expect(nominatim.received).toHaveLength(1);
    const [asked] = nominatim.received;
    expect(asked!.path).toBe('/search');
    expect(Object.fromEntries(asked!.params)).toEqual({
      q: 'Av. Colón 500, Córdoba, Argentina',
      format: 'jsonv2',
      limit: '5',
      countrycodes: 'ar',
      'accept-language': 'es',
      viewbox: '-64.4388,-31.1701,-63.9388,-31.6701',
      bounded: '0',
      email: 'mapas@example.org',
    });
    // Nominatim's policy: the application says who it is.
    expect(asked!.userAgent).toMatch(/^EcoAnuncios\/1\.0 \(\+http:\/\/localhost:3000\)$/);
  });

  it('keeps the answer for every process: the same address asked again, written otherwise, is not asked twice', async () => {
    const first = await subject.app.inject({
      method: 'GET',
      url: search({ q: 'Belgrano 1200', country: 'col' }),
      ...asClient(member),
    });
    // Only what lies in Colombia is offered there.
    expect(first.json()).toEqual({ places: [{ label: 'Bogotá, Colombia', lat: 4.711, lng: -74.0721 }] });
    expect(Object.fromEntries(nominatim.received[0]!.params)).toMatchObject({
      q: 'Belgrano 1200, Colombia',
      countrycodes: 'co',
    });
    expect(nominatim.received[0]!.params.has('viewbox')).toBe(false);

    const again = await other.app.inject({
      method: 'GET',
      url: search({ q: '  belgrano   1200 ', country: 'col' }),
      ...asClient(member),
    });
    expect(again.json()).toEqual(first.json());
    expect(nominatim.received).toHaveLength(1);

    // The typed address is not kept in the clear.
    const rows = await subject.database.db.selectFrom('geocoded_addresses').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.query_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('Belgrano');

    // Past its lifetime the answer is asked for again.
    const old = new Date(Date.now() - GEOCODED_LIFETIME_MS - 1000).toISOString();
    await subject.database.db.updateTable('geocoded_addresses').set({ stored_at: old }).execute();
    await subject.app.inject({
      method: 'GET',
      url: search({ q: 'Belgrano 1200', country: 'col' }),
      ...asClient(member),
    });
    expect(nominatim.received).toHaveLength(2);
  });

  it('does not repeat a city the address already names', async () => {
    await subject.app.inject({
      method: 'GET',
      url: search({
        q: 'San Martín 350, Villa Carlos Paz',
        country: 'arg',
        province: 'cordoba',
        city: 'villa-carlos-paz',
      }),
      ...asClient(member),
    });
    expect(nominatim.received[0]!.params.get('q')).toBe(
      'San Martín 350, Villa Carlos Paz, Córdoba, Argentina',
    );
  });

  it('refuses bad queries with Spanish messages, before asking anything', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ country: 'arg' }, 'La dirección es obligatoria'],
      [{ q: 'Av', country: 'arg' }, 'La dirección es demasiado corta (min: 4)'],
      [{ q: 'x'.repeat(201), country: 'arg' }, 'La dirección es demasiado larga (max: 200)'],
      [{ q: 'Av. Colón 500' }, 'El país es obligatorio'],
      [{ q: 'Av. Colón 500', country: 'chl' }, 'El país es incorrecto'],
      [
        { q: 'Av. Colón 500', country: 'col', city: 'cba-city' },
        'La ciudad no corresponde a la provincia elegida',
      ],
      [
        { q: 'Av. Colón 500', country: 'col', province: 'cordoba' },
        'La provincia no corresponde al país elegido',
      ],
      [
        { q: 'Av. Colón 500', country: 'arg', province: 'cordoba', city: 'caba' },
        'La ciudad no corresponde a la provincia elegida',
      ],
      [
        { q: 'Av. Colón 500', country: 'arg', city: 'no-existe' },
        'La ciudad no corresponde a la provincia elegida',
      ],
    ];
    for (const [params, message] of cases) {
      const response = await subject.app.inject({ method: 'GET', url: search(params), ...asClient(member) });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(nominatim.received).toHaveLength(0);
  });

  it('answers 503 with a Spanish message when the geocoder fails or answers nonsense, and keeps nothing', async () => {
    for (const mode of ['failing', 'garbage'] as const) {
      nominatim.mode.value = mode;
      const response = await subject.app.inject({
        method: 'GET',
        url: search({ q: `Corrientes 1500 ${mode}`, country: 'arg' }),
        ...asClient(member),
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ message: GEOCODER_DOWN_MESSAGE });
    }
    expect(await subject.database.db.selectFrom('geocoded_addresses').selectAll().execute()).toEqual([]);
  });

  it('counts the searches for /metrics: cached, asked, failed', async () => {
    const counts = async () => {
      const text = (
        await subject.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
      return Object.fromEntries(
        ['cached', 'asked', 'busy', 'failed'].map((outcome) => [
          outcome,
          Number(
            new RegExp(`^eco_geocoder_searches_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1],
          ),
        ]),
      );
    };
    const before = await counts();
    const ask = (q: string) =>
      subject.app.inject({ method: 'GET', url: search({ q, country: 'arg' }), ...asClient(member) });
    await ask('Lavalle 900');
    await ask('Lavalle 900');
    nominatim.mode.value = 'failing';
    await ask('Tucumán 1');
    const after = await counts();
    expect(after).toEqual({
      cached: before.cached! + 1,
      asked: before.asked! + 1,
      busy: before.busy,
      failed: before.failed! + 1,
    });
  });

  it('gives up on a geocoder slower than its timeout', async () => {
    nominatim.mode.value = 'slow';
    const geocoder = createNominatimGeocoder(
      { url: nominatim.url, email: undefined, intervalMs: 0 },
      'https://ecoanuncios.example',
      200,
    );
    await expect(geocoder.search({ q: 'Corrientes 1500', country: 'arg' })).rejects.toBeInstanceOf(
      GeocoderUnavailable,
    );
  });
});

describe('address search pace, shared by two processes', () => {
  let nominatim: NominatimStandIn;
  let subject: TestApp;
  let other: OtherInstance;
  let member: string;

  beforeAll(async () => {
    nominatim = await startNominatimStandIn();
    subject = await createTestApp({ env: { GEOCODER_URL: nominatim.url, GEOCODER_INTERVAL_MS: '3000' } });
    other = await createOtherInstance(subject);
    await insertUser(subject.database.db, { email: 'autora@example.com' });
    member = await signIn(subject.app, 'autora@example.com', 'clave-secreta');
  });

  afterAll(async () => {
    await other.close();
    await subject.dispose();
    await nominatim.close();
  });

  it("takes the slots on the database's clock, each an interval after the last, none past the longest wait", async () => {
    const { db } = subject.database;
    await db.deleteFrom('geocoder_pace').execute();
    const started = Date.now();
    const first = await reserveGeocoderSlot(db, 2000, 3000);
    const second = await reserveGeocoderSlot(other.database.db, 2000, 3000);
    const between = Date.now() - started;
    const third = await reserveGeocoderSlot(db, 2000, 3000);
    expect(first!.waitMs).toBeLessThanOrEqual(0);
    // The second waits the interval, less the time between the two statements (however busy the machine).
    expect(second!.waitMs).toBeGreaterThanOrEqual(2000 - between - 5);
    expect(second!.waitMs).toBeLessThanOrEqual(2000);
    // The third would wait about two intervals, more than the longest wait: refused, and nothing taken.
    if (Date.now() - started < 1000) expect(third).toBeUndefined();
    await db.deleteFrom('geocoder_pace').execute();
  });

  it('spaces the requests of both processes, and refuses what would wait too long', async () => {
    // Five different addresses at once, split over two processes: slots at 0 and 3 s fit in the 4 s a search may
    // wait, the next (6 s) does not.
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        (index % 2 === 0 ? subject.app : other.app).inject({
          method: 'GET',
          url: search({ q: `Calle ${index + 1} 100`, country: 'arg' }),
          ...asClient(member),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503, 503, 503]);
    for (const response of responses.filter((response) => response.statusCode === 503)) {
      expect(response.json()).toMatchObject({ message: GEOCODER_BUSY_MESSAGE });
      expect(response.headers['retry-after']).toBe('5');
    }
    const times = nominatim.received.map((request) => request.at).sort((a, b) => a - b);
    expect(times).toHaveLength(2);
    // Slots are 3 s apart; on a busy machine a request may leave a little after its slot, never near the other.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(2000);
  });
});

describe('address search switched off and rate-limited', () => {
  it('answers 404 with a Spanish message when no geocoder is configured', async () => {
    const subject = await createTestApp();
    try {
      expect(loadConfig({ NODE_ENV: 'test' }).geocoder).toBeNull();
      await insertUser(subject.database.db, { email: 'autora@example.com' });
      const token = await signIn(subject.app, 'autora@example.com', 'clave-secreta');
      const response = await subject.app.inject({
        method: 'GET',
        url: search({ q: 'Av. Colón 500', country: 'arg' }),
        ...asClient(token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: GEOCODER_OFF_MESSAGE });
      const guest = await subject.app.inject({
        method: 'GET',
        url: search({ q: 'Av. Colón 500', country: 'arg' }),
      });
      expect(guest.statusCode).toBe(401);
    } finally {
      await subject.dispose();
    }
  });

  it(`refuses a member's search past ${ADDRESS_SEARCHES_MAX} in the window, on every process`, async () => {
    const nominatim = await startNominatimStandIn();
    const subject = await createTestApp({ env: { GEOCODER_URL: nominatim.url, GEOCODER_INTERVAL_MS: '0' } });
    const other = await createOtherInstance(subject);
    try {
      await insertUser(subject.database.db, { email: 'autora@example.com' });
      await insertUser(subject.database.db, { email: 'vecina@example.com' });
      const token = await signIn(subject.app, 'autora@example.com', 'clave-secreta');
      const neighbour = await signIn(subject.app, 'vecina@example.com', 'clave-secreta');
      const statuses: number[] = [];
      for (let index = 0; index <= ADDRESS_SEARCHES_MAX; index += 1) {
        const response = await (index % 2 === 0 ? subject.app : other.app).inject({
          method: 'GET',
          url: search({ q: 'Av. Colón 500', country: 'arg' }),
          ...asClient(token),
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toMatchObject({ message: GEOCODER_TOO_MANY_MESSAGE });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([...Array<number>(ADDRESS_SEARCHES_MAX).fill(200), 429]);
      // Another member is counted on their own.
      const theirs = await subject.app.inject({
        method: 'GET',
        url: search({ q: 'Av. Colón 500', country: 'arg' }),
        ...asClient(neighbour),
      });
      expect(theirs.statusCode).toBe(200);
    } finally {
      await other.close();
      await subject.dispose();
      await nominatim.close();
    }
  });
});
