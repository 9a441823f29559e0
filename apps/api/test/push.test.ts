import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { vapidKeys } from '../src/modules/push/keys.ts';
import { isAllowedAddress, isPublicEndpoint } from '../src/modules/push/public-address.ts';
import { actor, createActors, type Actor, type Actors } from './helpers/publications.ts';
import { startPushService, type PushService, type TestDevice } from './helpers/push-service.ts';
import {
  createOtherInstance,
  createTestApp,
  testDialect,
  type OtherInstance,
  type TestApp,
} from './helpers/test-app.ts';

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };
const NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  message: 'Este dispositivo no tiene las notificaciones activadas',
};
const WAIT = { timeout: 20_000, interval: 50 };

type Who = 'guest' | keyof Actors | 'rater';
type Device = { endpoint: string; kinds: string[]; userAgent: string | null; createdAt: string };

describe('push notifications', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let rater: Actor;
  let service: PushService;

  beforeAll(async () => {
    service = await startPushService();
    subject = await createTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'on' } });
    app = subject.app;
    actors = await createActors(subject.database.db);
    rater = await actor(subject.database.db, 'califica@example.com', 'Cali Ficadora');
  });

  afterAll(async () => {
    await subject?.dispose();
    await service?.close();
  });

  function request(who: Who, options: InjectOptions) {
    const headers = who === 'guest' ? {} : (who === 'rater' ? rater : actors[who]).headers;
    return app.inject({ ...options, headers: { ...headers, ...options.headers } });
  }
  const subscribe = (who: Who, body: object) =>
    request(who, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: body,
      headers: { 'user-agent': 'Chrome de prueba' },
    });
  const unsubscribe = (who: Who, endpoint: string) =>
    request(who, { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } });
  const devicesOf = async (who: Who) => {
    const response = await request(who, { method: 'GET', url: '/api/push/subscriptions' });
    expect(response.statusCode).toBe(200);
    return response.json<{ devices: Device[] }>().devices;
  };
  const rate = (to: Actor, rating: number) =>
    request('rater', {
      method: 'POST',
      url: `/api/user/${to.id}/qualifications`,
      payload: { rating, comment: 'Muy amable' },
    });

  it('answers one VAPID public key, the same for every process on the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    let other: OtherInstance | undefined;
    try {
      other = await createOtherInstance(subject);
      const again = await other.app.inject({ method: 'GET', url: '/api/push/key' });
      expect(again.json()).toEqual({ publicKey });
    } finally {
      await other?.close();
    }
    // Racing first uses keep one pair.
    const db = subject.database.db;
    await db.deleteFrom('push_keys').execute();
    const pushConfig = subject.config.push;
    const [first, second] = await Promise.all([vapidKeys(db, pushConfig), vapidKeys(db, pushConfig)]);
    expect(second).toEqual(first);
  });

  it('takes the configured keys, both or none', () => {
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect(loadConfig(keys).push.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/set together/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ana@example.com' })).toThrow(/VAPID_SUBJECT must be a mailto:/);
    expect(loadConfig({}).push).toMatchObject({ vapid: null, allowLoopback: false });
  });

  it('refuses guests on every device route', async () => {
    const device = service.device('guest-phone');
    expect((await request('guest', { method: 'GET', url: '/api/push/subscriptions' })).json()).toEqual(
      UNAUTHORIZED,
    );
    expect((await subscribe('guest', { ...device.json, kinds: ['ratings'] })).json()).toEqual(UNAUTHORIZED);
    expect((await unsubscribe('guest', device.json.endpoint)).json()).toEqual(UNAUTHORIZED);
  });

  it('answers bad subscriptions with a 400 in Spanish', async () => {
    const device = service.device('bad-phone');
    const cases: [object, string][] = [
      [
        { ...device.json, endpoint: 'http://push.example.com/x', kinds: ['ratings'] },
        'La suscripción del navegador debe tener una dirección https:// válida',
      ],
      [
        { ...device.json, keys: { p256dh: 'corta' }, kinds: ['ratings'] },
        'La suscripción del navegador debe traer sus claves (p256dh y auth)',
      ],
      [
        {
          ...device.json,
          keys: { p256dh: device.json.keys.auth, auth: device.json.keys.auth },
          kinds: ['ratings'],
        },
        'La suscripción del navegador debe traer sus claves (p256dh y auth)',
      ],
      [
        { ...device.json, kinds: [] },
        'Elegí al menos un tipo de aviso: ratings, moderation, searches, reminders, sales',
      ],
      [
        { ...device.json, kinds: ['spam'] },
        'Elegí al menos un tipo de aviso: ratings, moderation, searches, reminders, sales',
      ],
      [
        { ...device.json, endpoint: 'https://10.0.0.7/push/x', kinds: ['ratings'] },
        'La suscripción del navegador debe apuntar a un servicio de notificaciones público',
      ],
      [
        { ...device.json, endpoint: 'https://[fd00::7]/push/x', kinds: ['ratings'] },
        'La suscripción del navegador debe apuntar a un servicio de notificaciones público',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await subscribe('author', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      // The framework's check names each field first ('endpoint: …'), as every 400 of the API does.
      const answer = response.json<{ message: string }>().message;
      expect(answer.endsWith(message), answer).toBe(true);
    }
    expect((await unsubscribe('author', 'no es una dirección')).statusCode).toBe(400);
    expect(await devicesOf('author')).toEqual([]);
  });

  it('accepts only public push services unless loopback is allowed for tests', async () => {
    expect(isAllowedAddress('172.217.0.1', false)).toBe(true);
    expect(isAllowedAddress('2a00:1450:4001::200e', false)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.1.2.3', true)).toBe(false);
    expect(await isPublicEndpoint('https://localhost/push', false)).toBe(false);
    expect(await isPublicEndpoint('https://127.0.0.1/push', false)).toBe(false);
  });

  it("lists a member's own devices, removable one by one only by their owner", async () => {
    const phone = service.device('author-phone');
    const laptop = service.device('author-laptop');
    const created = await subscribe('author', { ...phone.json, kinds: ['sales', 'ratings'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      endpoint: phone.json.endpoint,
      kinds: ['ratings', 'sales'],
      userAgent: 'Chrome de prueba',
      createdAt: expect.any(String),
    });
    expect((await subscribe('author', { ...laptop.json, kinds: ['moderation'] })).statusCode).toBe(201);
    // The same device again changes its kinds, never adds a second row.
    expect((await subscribe('author', { ...phone.json, kinds: ['ratings'] })).statusCode).toBe(201);
    expect((await devicesOf('author')).map((device) => [device.endpoint, device.kinds])).toEqual(
      expect.arrayContaining([
        [phone.json.endpoint, ['ratings']],
        [laptop.json.endpoint, ['moderation']],
      ]),
    );
    expect(await devicesOf('other')).toEqual([]);
    expect(await devicesOf('superUser')).toEqual([]);
    // Another member and the super user cannot remove it: it is not theirs.
    expect((await unsubscribe('other', laptop.json.endpoint)).json()).toEqual(NOT_FOUND);
    expect((await unsubscribe('superUser', laptop.json.endpoint)).json()).toEqual(NOT_FOUND);
    expect((await unsubscribe('author', laptop.json.endpoint)).statusCode).toBe(204);
    expect((await unsubscribe('author', laptop.json.endpoint)).json()).toEqual(NOT_FOUND);
    expect((await devicesOf('author')).map((device) => device.endpoint)).toEqual([phone.json.endpoint]);
  });

  it('pushes a notification of a chosen kind, encrypted and signed, off the request path', async () => {
    const phone = service.device('other-phone');
    expect((await subscribe('other', { ...phone.json, kinds: ['ratings'] })).statusCode).toBe(201);
    const { publicKey } = (await app.inject({ method: 'GET', url: '/api/push/key' })).json<{
      publicKey: string;
    }>();
    expect((await rate(actors.other, 5)).statusCode).toBe(201);
    await vi.waitFor(
      () => expect(service.received.filter((push) => push.device === 'other-phone')).toHaveLength(1),
      WAIT,
    );
    const [push] = service.received.filter((item) => item.device === 'other-phone');
    expect(push!.payload).toEqual({
      title: 'Nueva calificación',
      body: expect.stringContaining('Cali Ficadora'),
      link: `/users/${actors.other.id}`,
      tag: expect.any(String),
    });
    expect(push!.vapidPublicKey).toBe(publicKey);
    expect(push!.claims).toMatchObject({ aud: service.origin, sub: subject.config.push.subject });
    expect(Number(push!.ttl)).toBeGreaterThan(0);
    expect(service.refusals).toEqual([]);
    // Nothing waits in the queue.
    expect(await subject.database.db.selectFrom('push_deliveries').selectAll().execute()).toEqual([]);
  });

  it('sends nothing of a kind the device did not choose', async () => {
    const member = await actor(subject.database.db, 'solo-ventas@example.com', 'Solo Ventas');
    const tablet = service.device('sales-tablet');
    const response = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: member.headers,
      payload: { ...tablet.json, kinds: ['sales'] },
    });
    expect(response.statusCode).toBe(201);
    expect((await rate(member, 4)).statusCode).toBe(201);
    // The rating's notification exists; no push was queued for it.
    const notifications = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: member.headers,
    });
    expect(notifications.json<{ total: number }>().total).toBeGreaterThan(0);
    expect(
      await subject.database.db
        .selectFrom('push_deliveries')
        .selectAll()
        .where('user_id', '=', member.id)
        .execute(),
    ).toEqual([]);
    expect(service.received.filter((push) => push.device === 'sales-tablet')).toEqual([]);
  });

  it('removes a subscription the push service says is gone, and the write that caused it succeeds', async () => {
    const member = await actor(subject.database.db, 'vencida@example.com', 'Vencida');
    const old = service.device('expired-phone');
    service.answer('expired-phone', 410);
    await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: member.headers,
      payload: { ...old.json, kinds: ['ratings'] },
    });
    expect((await rate(member, 3)).statusCode).toBe(201);
    await vi.waitFor(async () => {
      const left = await subject.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', member.id)
        .execute();
      expect(left).toEqual([]);
    }, WAIT);
    expect(service.received.filter((push) => push.device === 'expired-phone')).toHaveLength(1);
  });

  it.runIf(testDialect === 'postgres')(
    'sends each push once with two server processes on one database',
    async () => {
      const member = await actor(subject.database.db, 'dos-procesos@example.com', 'Dos Procesos');
      const phone: TestDevice = service.device('two-process-phone');
      await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: member.headers,
        payload: { ...phone.json, kinds: ['ratings'] },
      });
      const other = await createOtherInstance(subject);
      try {
        // Written through the other process: either may send it, exactly one does.
        const response = await other.app.inject({
          method: 'POST',
          url: `/api/user/${member.id}/qualifications`,
          headers: rater.headers,
          payload: { rating: 5 },
        });
        expect(response.statusCode).toBe(201);
        await vi.waitFor(
          () =>
            expect(service.received.filter((push) => push.device === 'two-process-phone')).toHaveLength(1),
          WAIT,
        );
        await vi.waitFor(
          async () =>
            expect(await subject.database.db.selectFrom('push_deliveries').selectAll().execute()).toEqual([]),
          WAIT,
        );
        expect(service.received.filter((push) => push.device === 'two-process-phone')).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );

  it('puts the devices in the export and removes them with the account', async () => {
    const member = await actor(subject.database.db, 'exporta@example.com', 'Exporta');
    const phone = service.device('export-phone');
    await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: member.headers,
      payload: { ...phone.json, kinds: ['moderation', 'reminders'] },
    });
    const exported = await app.inject({ method: 'GET', url: '/api/me/export', headers: member.headers });
    expect(exported.json<{ pushSubscriptions: unknown }>().pushSubscriptions).toEqual([
      {
        endpoint: phone.json.endpoint,
        kinds: ['moderation', 'reminders'],
        userAgent: 'lightMyRequest',
        createdAt: expect.any(String),
      },
    ]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: member.headers,
      payload: { password: 'clave-secreta' },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(
      await subject.database.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', member.id)
        .execute(),
    ).toEqual([]);
  });
});
