import { CATEGORY_KEYS, ORDER_STATUSES, roundAmount } from '@eco/domain';
import { verify } from '@node-rs/argon2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  DEMO_SUPER_USER_EMAIL,
  DEMO_SUPER_USER_PASSWORD,
  DEMO_USER_PASSWORD,
  demoContacts,
  demoOrders,
  demoPublications,
  demoRatings,
  demoUsers,
} from '../src/demo/demo-data.ts';
import { SMALL_SUFFIX } from '../src/demo/demo-images.ts';
import { loadDemoContent } from '../src/demo/load-demo-content.ts';
import { demoEnd, demoStart } from '../src/demo/demo-schedule.ts';
import { countRows } from '../src/db/count.ts';
import { createSession } from '../src/modules/sessions/service.ts';
import { asClient } from './helpers/accounts.ts';
import { readDealLists, type OrderBody } from './helpers/deal-pages.ts';
import { connectSeller } from './helpers/deals.ts';
import { startMercadoPagoStandIn } from './helpers/mercadopago-stand-in.ts';
import { createOtherInstance, createTestApp, createTestDatabase, type TestApp } from './helpers/test-app.ts';

const NOW = new Date('2026-06-01T15:00:00.000Z');
const DAY_MS = 24 * 3_600_000;
/** MARKETPLACE_FEE_PERCENT of the load, so that the orders' fees are not all zero. */
const FEE_PERCENT = 10;

describe('demo content', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });

  afterAll(async () => {
    await subject.dispose();
  });

  it('dates events at the local time of their country', () => {
    const place = { country: 'arg', province: 'cordoba', city: 'cba-city' };
    // 15:00 UTC is noon in Argentina: ten days later at 18:00 local is 21:00 UTC.
    expect(demoStart(NOW, place, { days: 10, time: '18:00' })).toBe('2026-06-11T21:00:00.000Z');
    const late = new Date('2026-06-01T02:00:00.000Z'); // still 31 May in Argentina
    expect(demoStart(late, place, { days: 1, time: '09:00' })).toBe('2026-06-01T12:00:00.000Z');
    expect(
      demoStart(NOW, { country: 'col', province: 'boyaca', city: 'tunja' }, { days: 0, time: '17:30' }),
    ).toBe('2026-06-01T22:30:00.000Z');
    // 1 June 2026 is a Monday: the coming weekend is 6–7 June; an end two days later at 18:00.
    expect(demoStart(NOW, place, { weekend: 'sunday', time: '08:00' })).toBe('2026-06-07T11:00:00.000Z');
    expect(demoEnd(NOW, place, { weekend: 'saturday', time: '10:00' }, { days: 1, time: '19:00' })).toBe(
      '2026-06-07T22:00:00.000Z',
    );
    // Three hours from now, on a whole step of minutes.
    expect(demoStart(new Date('2026-06-01T15:02:00.000Z'), place, { hours: 3 })).toBe(
      '2026-06-01T18:05:00.000Z',
    );
  });

  // Draws about ninety images: generous on a busy two-core machine, where the suite runs in parallel.
  it(
    'loads users, publications and locally drawn WebP images into an empty database',
    { timeout: 120_000 },
    async () => {
      const { db } = subject.database;
      const result = await loadDemoContent(db, {
        storage: subject.app.mediaStorage,
        now: NOW,
        feePercent: FEE_PERCENT,
      });

      expect(result).toMatchObject({
        loaded: true,
        users: demoUsers.length,
        publications: demoPublications.length,
        orders: demoOrders.length,
        contacts: demoContacts.length,
      });
      expect(await countRows(db.selectFrom('users'))).toBe(demoUsers.length);
      expect(
        await countRows(db.selectFrom('publications').where('typed', '<>', 'tips')),
      ).toBeGreaterThanOrEqual(60);
      expect(await countRows(db.selectFrom('publications').where('typed', '=', 'tips'))).toBe(10);
      expect(await countRows(db.selectFrom('users').where('is_super_user', '=', 1))).toBe(1);

      const typed = await db.selectFrom('publications').select('typed').distinct().execute();
      expect(typed.map((row) => row.typed).sort()).toEqual([...CATEGORY_KEYS].sort());
      const provinces = await db.selectFrom('publications').select('location_province').distinct().execute();
      expect(new Set(provinces.map((row) => row.location_province))).toEqual(
        new Set([
          'sde',
          'baires',
          'cordoba',
          'tucuman',
          'san-luis',
          'mendoza',
          'antioquia',
          'boyaca',
          'cesar',
        ]),
      );
      const awaiting = await countRows(db.selectFrom('publications').where('status', '=', 0));
      expect(awaiting).toBe(demoPublications.filter((publication) => !publication.published).length);
      expect(awaiting).toBeGreaterThanOrEqual(6);

      const tipAuthors = await db
        .selectFrom('publications')
        .innerJoin('users', 'users.id', 'publications.created_by')
        .select(['users.email', 'publications.status'])
        .where('publications.typed', '=', 'tips')
        .distinct()
        .execute();
      expect(tipAuthors).toEqual([{ email: DEMO_SUPER_USER_EMAIL, status: 1 }]);

      // Upcoming and past events alike, each with its start, and its end where the demo gives one.
      const scheduled = await db
        .selectFrom('publications')
        .select(['calendared_at', 'calendared_until'])
        .where('typed', 'in', ['events', 'courses'])
        .execute();
      expect(scheduled.every(({ calendared_at }) => calendared_at !== null)).toBe(true);
      expect(scheduled.some(({ calendared_at }) => calendared_at! < NOW.toISOString())).toBe(true);
      expect(scheduled.some(({ calendared_until }) => calendared_until !== null)).toBe(true);

      const files = await db
        .selectFrom('publication_files')
        .select(['publication_id', 'position', 'url'])
        .execute();
      expect(files.length).toBe(demoPublications.reduce((sum, publication) => sum + publication.images, 0));
      const perPublication = new Map<string, number>();
      for (const { publication_id } of files) {
        perPublication.set(publication_id, (perPublication.get(publication_id) ?? 0) + 1);
      }
      expect(perPublication.size).toBe(demoPublications.length);
      expect([...perPublication.values()].every((count) => count === 1 || count === 2)).toBe(true);
      // Each publication owns its files, since deleting a publication deletes them.
      expect(new Set(files.map((file) => file.url)).size).toBe(files.length);
      for (const { url } of files) {
        expect(url).toMatch(/^\/media\/demo\/[\w-]+\.webp$/);
        const key = url.slice('/media/'.length);
        const { mediaStorage } = subject.app;
        const large = await sharp((await mediaStorage.read(key)) ?? undefined).metadata();
        expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 900]);
        const smallKey = key.replace(/\.webp$/, `${SMALL_SUFFIX}.webp`);
        const small = await sharp((await mediaStorage.read(smallKey)) ?? undefined).metadata();
        expect([small.format, small.width, small.height]).toEqual(['webp', 480, 360]);
      }
    },
  );

  it('stores the documented passwords as argon2id hashes, and lowercased e-mails', async () => {
    const { db } = subject.database;
    const admin = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEMO_SUPER_USER_EMAIL)
      .executeTakeFirstOrThrow();
    expect(admin.is_super_user).toBe(1);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(admin.password_hash, DEMO_SUPER_USER_PASSWORD)).toBe(true);

    const other = await db
      .selectFrom('users')
      .selectAll()
      .where('is_super_user', '=', 0)
      .executeTakeFirstOrThrow();
    expect(await verify(other.password_hash, DEMO_USER_PASSWORD)).toBe(true);
    expect(other.picture_url).toMatch(/^\/media\/demo\/avatar-[\w-]+\.webp$/);

    const emails = await db.selectFrom('users').select('email').execute();
    expect(emails.every(({ email }) => email === email.toLowerCase())).toBe(true);
  });

  it('serves the demo images from /media/ with a long, immutable cache', async () => {
    const file = await subject.database.db
      .selectFrom('publication_files')
      .select('url')
      .executeTakeFirstOrThrow();
    const response = await subject.app.inject({ method: 'GET', url: file.url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const size = (await subject.app.mediaStorage.head(file.url.slice('/media/'.length)))?.size;
    expect(response.rawPayload.length).toBe(size);

    const missing = await subject.app.inject({ method: 'GET', url: '/media/demo/missing.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No se encontró la ruta solicitada');
  });

  it('is found through the publications API the way visitors search', async () => {
    type Page = {
      total: number;
      publications: { title: string; typed: string; createdBy: { name: string } }[];
    };
    const list = async (query: string): Promise<Page> => {
      const response = await subject.app.inject({ method: 'GET', url: `/api/publications?${query}` });
      expect(response.statusCode, query).toBe(200);
      return response.json<Page>();
    };

    const published = demoPublications.filter((publication) => publication.published);
    expect((await list('')).total).toBe(published.length);
    const tips = await list('typed=tips&pageSize=60');
    expect(tips.total).toBe(10);
    expect(new Set(tips.publications.map((publication) => publication.createdBy.name))).toEqual(
      new Set(['Lucía Fernández']),
    );

    // Glass recycling in Córdoba, typed without accents and in the plural.
    const glass = await list('term=vidrios&typed=dots&province=cordoba');
    expect(glass.publications.map((publication) => publication.title)).toContain(
      'Campana de vidrio en barrio Güemes',
    );
    for (const term of ['botellas', 'carton', 'reciclaje', 'compost', 'segunda mano']) {
      expect((await list(`term=${encodeURIComponent(term)}`)).total, term).toBeGreaterThanOrEqual(2);
    }
    // Loaded at the test's fixed clock, months ago: the workshops are among the ended ones ('Pasados').
    const workshops = await list('term=compost&typed=events&past=1');
    expect(workshops.total).toBeGreaterThanOrEqual(1);
  });

  it('has members interested in events and courses, with counts that match and their reminders queued', async () => {
    const { db } = subject.database;
    const interests = await db.selectFrom('interests').select(['publication_id', 'user_id']).execute();
    expect(interests.length).toBeGreaterThan(10);
    const counts = new Map<string, number>();
    for (const row of interests) counts.set(row.publication_id, (counts.get(row.publication_id) ?? 0) + 1);
    const rows = await db
      .selectFrom('publications')
      .select(['id', 'typed', 'interested_count', 'created_by'])
      .execute();
    for (const row of rows) {
      expect(row.interested_count, row.id).toBe(counts.get(row.id) ?? 0);
      if (counts.has(row.id)) expect(['events', 'courses']).toContain(row.typed);
    }
    const authors = new Map(rows.map((row) => [row.id, row.created_by]));
    expect(interests.filter((row) => authors.get(row.publication_id) === row.user_id)).toEqual([]);
    // Reminders are queued only for what had not started when the demo was loaded (this test's fixed clock).
    const reminders = await db
      .selectFrom('jobs')
      .select('subject')
      .where('kind', '=', 'interest-reminder')
      .execute();
    const started = new Set(
      (await db.selectFrom('publications').select(['id', 'calendared_at']).execute())
        .filter((row) => row.calendared_at !== null && Date.parse(row.calendared_at) <= NOW.getTime())
        .map((row) => `publication:${row.id}`),
    );
    expect(reminders.filter((job) => started.has(job.subject ?? ''))).toEqual([]);
  });

  it('has members rating each other, with totals that match, and a few notifications each', async () => {
    const { db } = subject.database;
    expect(await countRows(db.selectFrom('qualifications'))).toBe(demoRatings.length);
    const users = await db.selectFrom('users').select(['id', 'name', 'rating_count', 'rating_sum']).execute();
    for (const user of users) {
      const received = await db
        .selectFrom('qualifications')
        .select('rating')
        .where('to_user_id', '=', user.id)
        .execute();
      expect(user.rating_count, user.name).toBe(received.length);
      expect(user.rating_sum, user.name).toBe(received.reduce((sum, row) => sum + row.rating, 0));
      const notifications = await countRows(db.selectFrom('notifications').where('user_id', '=', user.id));
      expect(notifications, user.name).toBeGreaterThanOrEqual(3);
      expect(notifications, user.name).toBeLessThanOrEqual(20);
    }

    const valentina = users.find((user) => user.name === 'Valentina Quiroga');
    const profile = await subject.app.inject({ method: 'GET', url: `/api/user/${valentina?.id}` });
    expect(profile.json()).toMatchObject({
      userRatingData: { qualificationAvg: 4.6, count: 5, distribution: { '4': 2, '5': 3 } },
    });
    const ratings = await subject.app.inject({
      method: 'GET',
      url: `/api/user/${valentina?.id}/qualifications`,
    });
    expect(
      ratings.json<{ qualifications: { fromUser: { name: string } }[] }>().qualifications[0]?.fromUser.name,
    ).toBe('Diego Albornoz');
    // Every member has unread notifications for the bell, and some read ones.
    const unread = await countRows(db.selectFrom('notifications').where('read_at', 'is', null));
    const read = await countRows(db.selectFrom('notifications').where('read_at', 'is not', null));
    expect(unread).toBeGreaterThan(0);
    expect(read).toBeGreaterThan(0);
  });

  /** A session of the demo member, as after signing in. */
  async function headersOf(userId: string): Promise<Record<string, string>> {
    const { token } = await createSession(subject.database.db, userId, 3_600_000);
    return asClient(token).headers;
  }

  it('gives every member, the super user too, sales or purchases in several statuses and cart contacts, as /dashboard/sales and /dashboard/shopping read them', async () => {
    const users = await subject.database.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'is_super_user'])
      .execute();
    const orders = new Map<string, OrderBody>();
    for (const user of users) {
      const { sales, shopping, received, sent } = await readDealLists(subject.app, await headersOf(user.id));
      // Nobody buys from themselves or writes to themselves.
      for (const order of sales)
        expect([order.seller._id, order.buyer._id === user.id]).toEqual([user.id, false]);
      for (const order of shopping)
        expect([order.buyer._id, order.seller._id === user.id]).toEqual([user.id, false]);
      for (const contact of received)
        expect([contact.seller._id, contact.buyer?._id === user.id]).toEqual([user.id, false]);
      for (const contact of sent)
        expect([contact.buyer?._id, contact.seller._id === user.id]).toEqual([user.id, false]);

      const statuses = new Set([...sales, ...shopping].map((order) => order.status));
      expect(statuses.size, user.name).toBeGreaterThanOrEqual(3);
      expect(received.length + sent.length, user.name).toBeGreaterThan(0);
      if (user.is_super_user === 1) {
        expect(
          [sales.length, shopping.length, received.length, sent.length].every((count) => count > 0),
        ).toBe(true);
      }
      for (const order of [...sales, ...shopping]) orders.set(order._id, order);
      for (const contact of [...received, ...sent]) {
        expect(contact.publications.length, contact._id).toBeGreaterThan(0);
        for (const item of contact.publications) {
          const response = await subject.app.inject({ method: 'GET', url: `/api/publication/${item._id}` });
          const { publication } = response.json<{
            publication: { createdBy: { _id: string; phone: string | null }; createdAt: string };
          }>();
          expect(publication.createdBy._id).toBe(contact.seller._id);
          expect(publication.createdBy.phone).not.toBeNull();
          expect(contact.createdAt > publication.createdAt).toBe(true);
        }
      }
    }

    expect(orders.size).toBe(demoOrders.length);
    expect(new Set([...orders.values()].map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    // At the publication's price (the buy button's offer, discount included), with its total and the site's fee.
    for (const order of orders.values()) {
      const id = order.publication._id;
      const detail = await subject.app.inject({ method: 'GET', url: `/api/publication/${id}` });
      const { publication } = detail.json<{
        publication: { createdBy: { _id: string }; createdAt: string; files: { thumbnailUrl: string }[] };
      }>();
      expect(publication.createdBy._id).toBe(order.seller._id);
      expect(order.createdAt > publication.createdAt, order.publication.title).toBe(true);
      expect(order.publication.imageUrl).toBe(publication.files[0]?.thumbnailUrl);
      const offer = await subject.app.inject({ method: 'GET', url: `/api/publication/${id}/purchase` });
      const { unitPrice, currency, maxQuantity } = offer.json<{
        unitPrice: number;
        currency: string;
        maxQuantity: number;
      }>();
      expect([order.unitPrice, order.currency]).toEqual([unitPrice, currency]);
      expect(order.quantity).toBeLessThanOrEqual(maxQuantity);
      expect(order.totalAmount).toBe(roundAmount(order.unitPrice * order.quantity, order.currency));
      expect(order.feeAmount).toBe(roundAmount((order.totalAmount * FEE_PERCENT) / 100, order.currency));
    }
    const sale = (title: string, buyer: string, status: string) =>
      [...orders.values()].find(
        (order) => order.publication.title === title && order.buyer.name === buyer && order.status === status,
      );
    expect(sale('Retiro de reciclables a domicilio en CABA', 'Julián Acosta', 'refunded')).toMatchObject({
      seller: { name: 'Lucía Fernández' },
      quantity: 1,
      unitPrice: 6000,
      totalAmount: 6000,
      feeAmount: 600,
      currency: 'ARS',
      status: 'refunded',
    });
    expect(
      sale('Pañales de tela reutilizables con absorbentes', 'Camila Restrepo', 'approved'),
    ).toMatchObject({
      quantity: 10,
      unitPrice: 45_000,
      totalAmount: 450_000,
      feeAmount: 45_000,
      currency: 'COP',
      status: 'approved',
    });
  });

  it('keeps each demo order’s status history in order over the last weeks, told as the payments would have told it', async () => {
    const { db } = subject.database;
    const orders = await db.selectFrom('orders').selectAll().execute();
    const events = await db.selectFrom('order_events').selectAll().orderBy('created_at').execute();
    const notices = new Set(
      (await db.selectFrom('notifications').select(['user_id', 'dedupe_key']).execute()).map(
        (row) => `${row.user_id} ${row.dedupe_key}`,
      ),
    );
    const fiveWeeksAgo = new Date(NOW.getTime() - 35 * DAY_MS).toISOString();
    for (const order of orders) {
      const history = events.filter((event) => event.order_id === order.id);
      expect(history[0]).toMatchObject({ status: 'pending', payment_id: null, created_at: order.created_at });
      expect(history.at(-1)).toMatchObject({
        status: order.status,
        payment_id: order.payment_id,
        created_at: order.updated_at,
      });
      if (order.status !== 'pending') expect(history.length, order.title).toBeGreaterThanOrEqual(2);
      const times = history.map((event) => event.created_at);
      expect(new Set(times).size).toBe(times.length);
      expect(times[0]! > fiveWeeksAgo && times.at(-1)! < NOW.toISOString()).toBe(true);
      // The seller heard of every approval, and the buyer of every outcome, with the keys of the real changes.
      for (const event of history.slice(1)) {
        const key = `order:${order.id}:${event.status}:${event.payment_id}`;
        if (event.status === 'approved') expect(notices.has(`${order.seller_id} ${key}:seller`)).toBe(true);
        if (event.status !== 'pending' && event.status !== 'in_process')
          expect(notices.has(`${order.buyer_id} ${key}:buyer`)).toBe(true);
      }
    }
    // Spread over weeks, some through several payments (a second card, a ticket, a claim).
    const oldest = orders.map((order) => order.created_at).sort()[0]!;
    expect(oldest < new Date(NOW.getTime() - 21 * DAY_MS).toISOString()).toBe(true);
    const lengths = orders.map((order) => events.filter((event) => event.order_id === order.id).length);
    expect(Math.max(...lengths)).toBeGreaterThanOrEqual(4);
  });

  it('stays coherent with Mercado Pago configured: no demo seller is connected, and their orders never call it', async () => {
    const { db } = subject.database;
    const standIn = await startMercadoPagoStandIn();
    const config = { ...subject.config, mercadoPago: loadConfig(standIn.env).mercadoPago };
    const other = await createOtherInstance({ ...subject, config });
    try {
      const users = await db.selectFrom('users').select(['id', 'email']).execute();
      for (const user of users) {
        const me = await other.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: await headersOf(user.id),
        });
        // The settings card offers to connect an account.
        expect(me.json(), user.email).toMatchObject({ onlinePayments: true, sellerAccount: null });
      }
      const bags = await db
        .selectFrom('publications')
        .select('id')
        .where('title', '=', 'Bolsas reutilizables de algodón crudo')
        .executeTakeFirstOrThrow();
      const purchase = () => other.app.inject({ method: 'GET', url: `/api/publication/${bags.id}/purchase` });
      expect((await purchase()).json()).toMatchObject({ available: false });

      // Martín connects his real account: his bags can be bought, and his past sales stay as they were.
      const martin = users.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
      const headers = await headersOf(martin.id);
      await connectSeller(other.app, { id: martin.id, token: '', headers }, standIn);
      expect((await purchase()).json()).toMatchObject({ available: true });
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      try {
        const orders = await db.selectFrom('orders').select(['id', 'buyer_id', 'status']).execute();
        for (const order of orders) {
          // What the order page asks: a re-check of the last payment.
          const response = await other.app.inject({
            method: 'GET',
            url: `/api/orders/${order.id}?recheck=1`,
            headers: await headersOf(order.buyer_id),
          });
          expect(response.statusCode).toBe(200);
          expect(response.json().order.status).toBe(order.status);
        }
        expect(fetchSpy).not.toHaveBeenCalled();
      } finally {
        fetchSpy.mockRestore();
      }
    } finally {
      await other.close();
      await standIn.close();
    }
  });

  it('is skipped when the database already has users', async () => {
    const { db } = subject.database;
    const before = await countRows(db.selectFrom('publications'));

    const result = await loadDemoContent(db, { storage: subject.app.mediaStorage });

    expect(result).toEqual({ loaded: false });
    expect(await countRows(db.selectFrom('publications'))).toBe(before);
    expect(await countRows(db.selectFrom('users'))).toBe(demoUsers.length);
  });

  it('reuses the drawn images when loading into another empty database with the same media', async () => {
    const other = await createTestDatabase();
    try {
      const result = await loadDemoContent(other.database.db, {
        storage: subject.app.mediaStorage,
        now: NOW,
      });

      expect(result).toMatchObject({ loaded: true, publications: demoPublications.length, drawings: 0 });
      const urls = (db: typeof other.database.db) =>
        db
          .selectFrom('publication_files')
          .select('url')
          .execute()
          .then((rows) => rows.map((row) => row.url).sort());
      expect(await urls(other.database.db)).toEqual(await urls(subject.database.db));
    } finally {
      await other.dispose();
    }
  });
});
