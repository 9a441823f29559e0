import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordUpload } from '../src/modules/media/uploads.ts';
import { asBrowser, asClient, insertUser, signIn, type TestUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { searchStemsOf } from '../src/modules/publications/search-stems.ts';

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Necesita autorización' };
const FORBIDDEN = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Las credenciales para ver esta información son incorrectas',
};
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'El usuario no existe' };

const PROFILE = {
  name: 'Carla Ruiz',
  phone: '5493855123456',
  pictureUrl: null,
  locationCountry: 'arg',
  locationProvince: 'sde',
  locationCity: 'la-banda',
  locationAddress: 'Av. Belgrano 123',
};

async function insertPublication(app: TestApp, userId: string, status: number): Promise<void> {
  const now = new Date().toISOString();
  await app.database.db
    .insertInto('publications')
    .values({
      id: randomUUID(),
      typed: 'tips',
      title: 'Compostar en casa',
      description: 'Cómo empezar un compost.',
      ...searchStemsOf({ title: 'Compostar en casa', description: 'Cómo empezar un compost.', labels: '[]' }),
      status,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

function messageOf(response: { json: <T>() => T }): string {
  return response.json<{ message: string }>().message;
}

describe('my account (/me)', () => {
  let subject: TestApp;
  let carla: TestUser;
  let token: string;
  let app: FastifyInstance;
  let dora: TestUser;

  /** Records the files as uploaded by `userId`, as POST /api/media does. */
  async function uploaded(userId: string, ...keys: string[]): Promise<void> {
    for (const key of keys) {
      const url = app.mediaStorage.publicUrl(key);
      await recordUpload(subject.database.db, { url, key, userId, createdAt: new Date().toISOString() });
    }
  }

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    carla = await insertUser(subject.database.db, { email: 'carla@example.com', name: 'Carla' });
    dora = await insertUser(subject.database.db, { email: 'dora@example.com', name: 'Dora' });
    token = await signIn(app, carla.email, carla.password);
    await insertPublication(subject, carla.id, 1);
    await insertPublication(subject, carla.id, 1);
    await insertPublication(subject, carla.id, 0);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers 401 to guests, on reading and on changing', async () => {
    const read = await app.inject({ method: 'GET', url: '/api/me' });
    const change = await app.inject({ method: 'PUT', url: '/api/me', payload: { name: '' } });
    const revoked = await app.inject({ method: 'GET', url: '/api/me', ...asClient('not-a-session') });

    for (const response of [read, change, revoked]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('answers the user, the payment details and the summary of the publications', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me', ...asBrowser(token) });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      user: expect.objectContaining({
        _id: carla.id,
        id: carla.id,
        email: 'carla@example.com',
        name: 'Carla',
      }),
      paymentDetails: null,
      emailNotifications: true,
      reminderHourBefore: false,
      summary: { publications: { published: 2, pending: 1 } },
      onlinePayments: false,
      sellerAccount: null,
    });
  });

  it('saves the profile and the payment details, separately or together', async () => {
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: PROFILE,
      ...asBrowser(token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ userId: carla.id });

    const payment = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { paymentDetails: '  CBU 0000003100000000000001 a nombre de Carla  ' },
      ...asBrowser(token),
    });
    expect(payment.json()).toEqual({ userId: carla.id });

    const me = await app.inject({ method: 'GET', url: '/api/me', ...asClient(token) });
    expect(me.json()).toMatchObject({
      user: { ...PROFILE, email: 'carla@example.com' },
      paymentDetails: 'CBU 0000003100000000000001 a nombre de Carla',
    });

    const both = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: {
        ...PROFILE,
        phone: '',
        locationAddress: null,
        paymentDetails: '',
        email: 'Carla@Example.com',
      },
      ...asBrowser(token),
    });
    expect(both.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/me', ...asClient(token) });
    expect(after.json()).toMatchObject({
      user: { phone: null, locationAddress: null, email: 'carla@example.com' },
      paymentDetails: null,
    });
  });

  it('ignores what a user may not change about themself (role, state, identity)', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { ...PROFILE, isSuperUser: true, isActive: false, _id: 'someone-else', id: 'someone-else' },
      ...asBrowser(token),
    });

    expect(response.json()).toEqual({ userId: carla.id });
    const row = await subject.database.db
      .selectFrom('users')
      .select(['id', 'is_super_user', 'is_active'])
      .where('email', '=', carla.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: carla.id, is_super_user: 0, is_active: 1 });
  });

  it('validates the whole profile as soon as one of its fields is sent, naming each field in Spanish', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { phone: '123' },
      ...asBrowser(token),
    });

    expect(response.statusCode).toBe(400);
    const message = messageOf(response);
    expect(message).toContain('name: El nombre es obligatorio');
    expect(message).toContain('phone: El teléfono es demasiado corto (min: 9)');
    expect(message).toContain('locationCountry: El país es obligatorio');
    expect(message).toContain('locationProvince: La provincia es obligatoria');
    expect(message).toContain('locationCity: La ciudad es obligatoria');
  });

  it('refuses a location that does not hold together, and bad payment details', async () => {
    const location = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { ...PROFILE, locationCountry: 'col' },
      ...asBrowser(token),
    });
    expect(location.statusCode).toBe(400);
    expect(messageOf(location)).toBe('locationProvince: La provincia no corresponde al país elegido');

    const payment = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { paymentDetails: 'corto' },
      ...asBrowser(token),
    });
    expect(payment.statusCode).toBe(400);
    expect(messageOf(payment)).toBe('paymentDetails: Los datos de pago son demasiado cortos (min: 6)');
  });

  it('refuses a change of e-mail, and a body with nothing to change', async () => {
    const email = await app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { ...PROFILE, email: 'otra@example.com' },
      ...asBrowser(token),
    });
    expect(email.statusCode).toBe(400);
    expect(messageOf(email)).toBe(
      'El correo electrónico no se puede cambiar desde aquí. Para cambiarlo, escríbenos a soporte.',
    );
    const stored = await subject.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', carla.id)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe('carla@example.com');

    const empty = await app.inject({ method: 'PUT', url: '/api/me', payload: {}, ...asBrowser(token) });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe('el cuerpo de la solicitud: No hay datos para actualizar');
  });

  it('removes the previous uploaded profile picture once a new one is saved', async () => {
    const storage = app.mediaStorage;
    const oldKey = `uploads/${carla.id}/1-old.webp`;
    const newKey = `uploads/${carla.id}/2-new.webp`;
    const foreignKey = `uploads/${dora.id}/3-theirs.webp`;
    for (const key of [oldKey, oldKey.replace('.webp', '.sm.webp'), newKey, foreignKey]) {
      await storage.save(key, Buffer.from('webp'), 'image/webp');
    }
    await uploaded(carla.id, oldKey, newKey);
    await uploaded(dora.id, foreignKey);
    const put = (pictureUrl: string) =>
      app.inject({ method: 'PUT', url: '/api/me', payload: { ...PROFILE, pictureUrl }, ...asBrowser(token) });
    const fetchMedia = async (key: string) =>
      (await app.inject({ method: 'GET', url: storage.publicUrl(key) })).statusCode;

    expect((await put(storage.publicUrl(oldKey))).statusCode).toBe(200);
    expect((await put(storage.publicUrl(newKey))).statusCode).toBe(200);
    expect(await fetchMedia(oldKey)).toBe(404);
    expect(await fetchMedia(oldKey.replace('.webp', '.sm.webp'))).toBe(404);
    expect(await fetchMedia(newKey)).toBe(200);

    // Someone else's picture can never be taken, so it is never removed either.
    const foreign = await put(storage.publicUrl(foreignKey));
    expect(foreign.statusCode).toBe(400);
    expect(messageOf(foreign)).toBe('La foto de perfil debe ser una imagen que subiste tú');
    expect(await fetchMedia(foreignKey)).toBe(200);
  });

  it('takes as picture only one of the member’s own uploads, kept or cleared', async () => {
    const storage = app.mediaStorage;
    const own = storage.publicUrl(`uploads/${carla.id}/5-mine.webp`);
    await storage.save(`uploads/${carla.id}/5-mine.webp`, Buffer.from('webp'), 'image/webp');
    await uploaded(carla.id, `uploads/${carla.id}/5-mine.webp`);
    // A file of the right shape that the member never uploaded is not theirs either.
    await storage.save(`uploads/${carla.id}/7-planted.webp`, Buffer.from('webp'), 'image/webp');
    const put = (pictureUrl: string | null) =>
      app.inject({ method: 'PUT', url: '/api/me', payload: { ...PROFILE, pictureUrl }, ...asBrowser(token) });
    const storedPicture = async () =>
      (
        await subject.database.db
          .selectFrom('users')
          .select('picture_url')
          .where('id', '=', carla.id)
          .executeTakeFirstOrThrow()
      ).picture_url;

    expect((await put(own)).statusCode).toBe(200);
    for (const url of [
      'https://tracker.example/pixel.png',
      'http://127.0.0.1/media/uploads/x/1.webp',
      storage.publicUrl(`uploads/${carla.id}/5-mine.sm.webp`),
      storage.publicUrl('uploads/someone-else/6-theirs.webp'),
      storage.publicUrl('demo/dots-1.webp'),
      storage.publicUrl(`uploads/${carla.id}/7-planted.webp`),
    ]) {
      const response = await put(url);
      expect(response.statusCode, url).toBe(400);
      expect(await storedPicture()).toBe(own);
    }
    // Saving the profile again with the picture it has, or without a picture, is fine.
    expect((await put(own)).statusCode).toBe(200);
    expect((await put(null)).statusCode).toBe(200);
    expect(await storedPicture()).toBeNull();
  });
});

describe('public profiles (/user/{id})', () => {
  let subject: TestApp;
  let owner: TestUser;
  let visitor: string;

  beforeAll(async () => {
    subject = await createTestApp();
    owner = await insertUser(subject.database.db, { email: 'dueno@example.com', name: 'Dueño' });
    await subject.database.db
      .updateTable('users')
      .set({
        payment_details: 'Alias secreto',
        phone: '5491100000000',
        location_country: 'arg',
        location_address: 'Calle Falsa 742, depto 3',
      })
      .where('id', '=', owner.id)
      .execute();
    const other = await insertUser(subject.database.db, { email: 'visita@example.com' });
    visitor = await signIn(subject.app, other.email, other.password);
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('shows the public fields only, to guests and to other users alike', async () => {
    const guest = await subject.app.inject({ method: 'GET', url: `/api/user/${owner.id}` });
    const user = await subject.app.inject({
      method: 'GET',
      url: `/api/user/${owner.id}`,
      ...asBrowser(visitor),
    });

    for (const response of [guest, user]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: {
          _id: owner.id,
          id: owner.id,
          name: 'Dueño',
          pictureUrl: null,
          phone: '5491100000000',
          locationCountry: 'arg',
          locationProvince: null,
          locationCity: null,
        },
        userRatingData: {
          qualificationAvg: null,
          count: 0,
          distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
        },
      });
      expect(response.body).not.toContain('dueno@example.com');
      expect(response.body).not.toContain('Alias secreto');
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toContain('Calle Falsa');
      // The exact public keys: anything added to a profile must be chosen to be public.
      expect(Object.keys(response.json().user).sort()).toEqual(
        [
          '_id',
          'id',
          'locationCity',
          'locationCountry',
          'locationProvince',
          'name',
          'phone',
          'pictureUrl',
        ].sort(),
      );
    }
  });

  it('answers 404 for unknown users and for accounts that cannot sign in', async () => {
    const pending = await insertUser(subject.database.db, { email: 'pend@example.com', state: 'pending' });
    for (const id of [randomUUID(), pending.id]) {
      const response = await subject.app.inject({ method: 'GET', url: `/api/user/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('users administration (/users)', () => {
  let subject: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let plain: TestUser;
  let plainToken: string;

  beforeAll(async () => {
    subject = await createTestApp();
    // Distinct sign-up instants, oldest first, so the order of the list is known.
    const day = (n: number) => `2026-01-0${n}T12:00:00.000Z`;
    admin = await insertUser(subject.database.db, {
      email: 'admin@example.com',
      name: 'Admin',
      isSuperUser: true,
      createdAt: day(1),
    });
    adminToken = await signIn(subject.app, admin.email, admin.password);
    plain = await insertUser(subject.database.db, {
      email: 'plain@example.com',
      name: 'Pablo Llano',
      createdAt: day(2),
    });
    plainToken = await signIn(subject.app, plain.email, plain.password);
    for (const [index, name] of ['Zoe Álvarez', 'Tomás Pérez', 'Ñandú 100%'].entries()) {
      await insertUser(subject.database.db, {
        email: `persona${index}@example.com`,
        name,
        state: index === 1 ? 'pending' : 'active',
        createdAt: day(3 + index),
      });
    }
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('answers 401 to guests and 403 to users who are not super users', async () => {
    const requests = [
      { method: 'GET', url: '/api/users' },
      { method: 'PUT', url: `/api/users/${plain.id}`, payload: { name: 'Otro nombre' } },
    ] as const;
    for (const request of requests) {
      const guest = await subject.app.inject(request);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual(UNAUTHORIZED);
      const user = await subject.app.inject({ ...request, ...asBrowser(plainToken) });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual(FORBIDDEN);
    }
    const guestWithBadQuery = await subject.app.inject({ method: 'GET', url: '/api/users?page=x' });
    expect(guestWithBadQuery.statusCode).toBe(401);
  });

  it('lists users newest first, with their state, by pages', async () => {
    const first = await subject.app.inject({
      method: 'GET',
      url: '/api/users?pageSize=2',
      ...asClient(adminToken),
    });

    expect(first.statusCode).toBe(200);
    const page = first.json<{ users: { name: string; email: string; isActive: boolean }[] }>();
    expect(page).toMatchObject({ total: 5, totalPages: 3, nextPage: 2 });
    expect(page.users.map((user) => user.name)).toEqual(['Ñandú 100%', 'Tomás Pérez']);
    expect(page.users[1]).toMatchObject({ email: 'persona1@example.com', isActive: false });

    const last = await subject.app.inject({
      method: 'GET',
      url: '/api/users?page=3&pageSize=2',
      ...asClient(adminToken),
    });
    expect(last.json()).toMatchObject({
      total: 5,
      totalPages: 3,
      nextPage: null,
      users: [{ name: 'Admin' }],
    });

    const all = await subject.app.inject({ method: 'GET', url: '/api/users', ...asClient(adminToken) });
    expect(all.json<{ users: unknown[] }>().users).toHaveLength(5);

    const huge = await subject.app.inject({
      method: 'GET',
      url: '/api/users?pageSize=100000',
      ...asClient(adminToken),
    });
    expect(huge.json()).toMatchObject({ total: 5, totalPages: 1, nextPage: null });
  });

  it('finds users by part of the name or the e-mail, in any case, taking % and _ literally', async () => {
    const search = async (term: string) => {
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/users?term=${encodeURIComponent(term)}`,
        ...asClient(adminToken),
      });
      return response.json<{ users: { name: string }[] }>().users.map((user) => user.name);
    };

    expect(await search('llano')).toEqual(['Pablo Llano']);
    expect(await search('PERSONA2@')).toEqual(['Ñandú 100%']);
    expect(await search('100%')).toEqual(['Ñandú 100%']);
    expect(await search('%')).toEqual(['Ñandú 100%']);
    expect(await search('_')).toEqual([]);
    expect(await search('nadie')).toEqual([]);
  });

  it('refuses bad paging with a Spanish message', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/users?page=0',
      ...asClient(adminToken),
    });

    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('page: La página debe ser un número entero mayor que 0');
  });

  it('lets a super user edit another user, and promote them', async () => {
    const response = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      payload: {
        name: 'Pablo Lleno',
        phone: '5493855000000',
        isSuperUser: true,
        locationCountry: 'arg',
        locationProvince: 'cordoba',
        locationCity: 'cba-city',
      },
      ...asBrowser(adminToken),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: expect.objectContaining({
        _id: plain.id,
        name: 'Pablo Lleno',
        phone: '5493855000000',
        isSuperUser: true,
        isActive: true,
        locationCountry: 'arg',
        locationProvince: 'cordoba',
        locationCity: 'cba-city',
        locationAddress: null,
      }),
    });

    const newCountry = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      payload: { locationCountry: 'col' },
      ...asBrowser(adminToken),
    });
    expect(newCountry.json()).toMatchObject({
      user: { locationCountry: 'col', locationProvince: null, locationCity: null },
    });
  });

  it('validates the changes field by field', async () => {
    const response = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      payload: { name: ' ', isActive: 'yes', locationProvince: 'sde' },
      ...asBrowser(adminToken),
    });

    expect(response.statusCode).toBe(400);
    const message = messageOf(response);
    expect(message).toContain('name: El nombre es obligatorio');
    expect(message).toContain('isActive: El estado de la cuenta debe ser verdadero o falso');
    expect(message).toContain('locationCountry: El país es obligatorio');

    const empty = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      payload: {},
      ...asBrowser(adminToken),
    });
    expect(empty.statusCode).toBe(400);

    const unknown = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${randomUUID()}`,
      payload: { name: 'Nadie Nunca' },
      ...asBrowser(adminToken),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);
  });

  it('never lets a super user demote or deactivate themself', async () => {
    const demote = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      payload: { isSuperUser: false },
      ...asBrowser(adminToken),
    });
    expect(demote.statusCode).toBe(400);
    expect(messageOf(demote)).toBe('No puedes quitarte a ti mismo el rol de superusuario');

    const deactivate = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      payload: { isActive: false },
      ...asBrowser(adminToken),
    });
    expect(deactivate.statusCode).toBe(400);
    expect(messageOf(deactivate)).toBe('No puedes desactivar tu propia cuenta');

    const me = await subject.app.inject({ method: 'GET', url: '/api/me', ...asClient(adminToken) });
    expect(me.json()).toMatchObject({ user: { isSuperUser: true } });
  });

  it('deactivates another account, ending its sessions, and can turn it back on', async () => {
    const target = await insertUser(subject.database.db, { email: 'target@example.com' });
    const targetToken = await signIn(subject.app, target.email, target.password);

    const off = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { isActive: false },
      ...asBrowser(adminToken),
    });
    expect(off.json()).toMatchObject({ user: { isActive: false } });
    expect(
      (await subject.app.inject({ method: 'GET', url: '/api/me', ...asClient(targetToken) })).statusCode,
    ).toBe(401);
    const refused = await subject.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: target.email, password: target.password },
    });
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'ACCOUNT_DISABLED' });

    const on = await subject.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { isActive: true },
      ...asBrowser(adminToken),
    });
    expect(on.json()).toMatchObject({ user: { isActive: true } });
    expect(await signIn(subject.app, target.email, target.password)).toBeTypeOf('string');
  });
});
