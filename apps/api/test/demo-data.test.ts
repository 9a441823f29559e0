import {
  CATEGORY_KEYS,
  agendaSpan,
  LISTING_TYPES,
  MATERIAL_LABELS,
  MINUTES_STEP,
  cities,
  findCity,
  provinces,
  publicationSchema,
  ratingSchema,
  timeZoneOf,
} from '@eco/domain';
import { describe, expect, it } from 'vitest';
import {
  DEMO_SUPER_USER_EMAIL,
  DEMO_SUPER_USER_KEY,
  demoContacts,
  demoOrders,
  demoPublications,
  demoRatings,
  demoUsers,
} from '../src/demo/demo-data.ts';
import { toPublicationInput } from '../src/demo/load-demo-content.ts';
import { demoEnd, demoStart } from '../src/demo/demo-schedule.ts';

const NOW = new Date('2026-06-01T15:00:00.000Z');
const URLS = ['/media/demo/vidrio-guemes-1-0123456789.webp', '/media/demo/vidrio-guemes-2-abcdef0123.webp'];

const listings = demoPublications.filter((publication) => publication.typed !== 'tips');
const tips = demoPublications.filter((publication) => publication.typed === 'tips');
/** Provinces of the catalog that have cities, i.e. every province a user can pick. */
const provincesWithData = provinces
  .filter((province) => cities.some((city) => city.provinceKey === province.key))
  .map((province) => province.key);

describe('demo data', () => {
  it('has at least 60 listings and 10 tips, with unique keys', () => {
    expect(listings.length).toBeGreaterThanOrEqual(60);
    expect(tips.length).toBe(10);
    expect(new Set(demoPublications.map((publication) => publication.key)).size).toBe(
      demoPublications.length,
    );
    expect(new Set(demoUsers.map((user) => user.key)).size).toBe(demoUsers.length);
  });

  it('makes every listing valid under the publication form schema, and tips valid but for their type', () => {
    for (const publication of demoPublications) {
      const files = URLS.slice(0, publication.images);
      const result = publicationSchema.safeParse(toPublicationInput(publication, files, NOW));
      if (publication.typed === 'tips') {
        expect(
          result.error?.issues.map((issue) => issue.path.join('.')),
          publication.key,
        ).toEqual(['typed']);
      } else {
        expect(result.error?.issues, publication.key).toBeUndefined();
      }
    }
  });

  it('covers every listing category in every province with data, in both countries', () => {
    for (const typed of LISTING_TYPES) {
      expect(
        listings.filter((publication) => publication.typed === typed).length,
        typed,
      ).toBeGreaterThanOrEqual(10);
    }
    expect(provincesWithData).toHaveLength(9);
    for (const province of provincesWithData) {
      const here = listings.filter((publication) => publication.place.province === province);
      expect(here.length, province).toBeGreaterThanOrEqual(4);
      // Several categories per province, so that a category filter narrows every province's list.
      expect(new Set(here.map((publication) => publication.typed)).size, province).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(CATEGORY_KEYS)).toEqual(new Set(demoPublications.map((publication) => publication.typed)));
  });

  it('places every publication and user in a real city of its province', () => {
    for (const { key, place } of [...demoPublications, ...demoUsers]) {
      const city = findCity(place.city);
      expect(city, key).toBeDefined();
      expect([city?.countryKey, city?.provinceKey], key).toEqual([place.country, place.province]);
    }
  });

  it('labels recycling points and materials from the catalog, and prices products and courses', () => {
    for (const publication of listings) {
      const labels = publication.labels ?? [];
      expect(labels.every((label) => (MATERIAL_LABELS as readonly string[]).includes(label))).toBe(true);
      if (publication.typed === 'dots' || publication.typed === 'barter') {
        expect(labels.length, publication.key).toBeGreaterThan(0);
      }
      if (publication.typed === 'market' || publication.typed === 'courses') {
        expect(publication.price, publication.key).toBeGreaterThanOrEqual(0);
        expect(publication.quantity, publication.key).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('spreads events and courses like a living agenda, at times the form can express', () => {
    const scheduled = listings.filter(
      (publication) => publication.typed === 'events' || publication.typed === 'courses',
    );
    expect(scheduled.length).toBeGreaterThan(0);
    const DAY = 86_400_000;
    const spans: { key: string; start: number; end: number | null }[] = [];
    for (const publication of scheduled) {
      expect(publication.startsIn, publication.key).toBeDefined();
      if (publication.startsIn === undefined) continue;
      const start = demoStart(NOW, publication.place, publication.startsIn);
      const end = demoEnd(NOW, publication.place, publication.startsIn, publication.endsAt);
      expect(new Date(start).getUTCMinutes() % MINUTES_STEP, publication.key).toBe(0);
      if (end !== null) expect(Date.parse(end), publication.key).toBeGreaterThan(Date.parse(start));
      spans.push({
        key: publication.key,
        start: Date.parse(start),
        end: end === null ? null : Date.parse(end),
      });
    }
    const ended = spans.filter(({ start, end }) => (end ?? start) < NOW.getTime());
    // Some over in the past month, none older; some later the same day; some months ahead; some several days long.
    expect(ended.length).toBeGreaterThanOrEqual(2);
    expect(spans.every(({ start }) => start > NOW.getTime() - 31 * DAY)).toBe(true);
    expect(spans.some(({ start }) => start > NOW.getTime() && start < NOW.getTime() + DAY / 2)).toBe(true);
    expect(spans.filter(({ start }) => start > NOW.getTime() + 40 * DAY).length).toBeGreaterThanOrEqual(3);
    expect(spans.every(({ start }) => start < NOW.getTime() + 92 * DAY)).toBe(true);
    expect(
      spans.filter(({ start, end }) => end !== null && end - start > DAY / 2).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('puts events on the weekend the agenda calls this one, whatever the day of loading', () => {
    const weekendEvents = listings.filter(
      (publication) => publication.startsIn !== undefined && 'weekend' in publication.startsIn,
    );
    expect(weekendEvents.length).toBeGreaterThanOrEqual(2);
    // A week of loading days: each weekend event falls within agendaSpan('weekend') of that day.
    for (let offset = 0; offset < 7; offset += 1) {
      const now = new Date(NOW.getTime() + offset * 86_400_000);
      for (const publication of weekendEvents) {
        if (publication.startsIn === undefined) continue;
        const timeZone = timeZoneOf(publication.place.country);
        const span = agendaSpan({ when: 'weekend' }, timeZone, now);
        const start = Date.parse(demoStart(now, publication.place, publication.startsIn));
        expect(start, `${publication.key} +${offset}`).toBeGreaterThanOrEqual(span.from?.getTime() ?? 0);
        expect(start, `${publication.key} +${offset}`).toBeLessThan(span.until?.getTime() ?? 0);
      }
    }
  });

  it('leaves about eight listings of several authors awaiting review, and publishes the super user’s tips', () => {
    const awaiting = listings.filter((publication) => !publication.published);
    expect(awaiting.length).toBeGreaterThanOrEqual(6);
    expect(awaiting.length).toBeLessThanOrEqual(10);
    expect(new Set(awaiting.map((publication) => publication.author)).size).toBeGreaterThanOrEqual(4);
    expect(awaiting.some((publication) => publication.author === DEMO_SUPER_USER_KEY)).toBe(false);

    const superUser = demoUsers.find((user) => user.key === DEMO_SUPER_USER_KEY);
    expect(superUser).toMatchObject({ email: DEMO_SUPER_USER_EMAIL, isSuperUser: true });
    expect(demoUsers.filter((user) => user.isSuperUser)).toHaveLength(1);
    for (const tip of tips) {
      expect([tip.author, tip.published], tip.key).toEqual([DEMO_SUPER_USER_KEY, true]);
    }
  });

  it('finds what people type, across categories and provinces', () => {
    const text = (publication: (typeof demoPublications)[number]) =>
      `${publication.title} ${publication.description}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '');
    const matching = (word: string) => listings.filter((publication) => text(publication).includes(word));
    for (const word of ['botella', 'carton', 'reciclaje', 'vidrio', 'compost', 'segunda mano', 'regal']) {
      expect(matching(word).length, word).toBeGreaterThanOrEqual(2);
    }
    // Glass recycling in Córdoba, and a compost workshop.
    expect(
      matching('vidrio').some(
        (publication) => publication.typed === 'dots' && publication.place.province === 'cordoba',
      ),
    ).toBe(true);
    expect(matching('compost').some((publication) => publication.typed === 'events')).toBe(true);
  });

  it('has about forty ratings between known members: valid, never of oneself, one per pair', () => {
    expect(demoRatings.length).toBeGreaterThanOrEqual(38);
    const keys = new Set(demoUsers.map((user) => user.key));
    const pairs = new Set<string>();
    for (const rating of demoRatings) {
      const pair = `${rating.from}>${rating.to}`;
      expect(keys.has(rating.from) && keys.has(rating.to), pair).toBe(true);
      expect(rating.from, pair).not.toBe(rating.to);
      expect(pairs.has(pair), pair).toBe(false);
      pairs.add(pair);
      expect(
        ratingSchema.safeParse({ rating: rating.rating, comment: rating.comment }).error,
        pair,
      ).toBeUndefined();
    }
    // Every member is rated at least twice, so that every profile shows a summary.
    for (const key of keys) {
      expect(demoRatings.filter((rating) => rating.to === key).length, key).toBeGreaterThanOrEqual(2);
    }
  });

  it('has orders and cart contacts between members of one country, after the publications they are about', () => {
    const users = new Map(demoUsers.map((user) => [user.key, user]));
    const publications = new Map(demoPublications.map((publication) => [publication.key, publication]));
    const countryOf = (key: string | null) => (key === null ? undefined : users.get(key)?.place.country);
    expect(demoOrders.length).toBeGreaterThanOrEqual(30);
    for (const [index, order] of demoOrders.entries()) {
      const publication = publications.get(order.publication);
      const where = `order ${index + 1}`;
      expect(users.has(order.buyer), where).toBe(true);
      expect(publication?.typed === 'market' || publication?.typed === 'courses', where).toBe(true);
      expect(publication?.published, where).toBe(true);
      expect(publication?.author, where).not.toBe(order.buyer);
      // Mercado Pago charges in the seller's currency: buyers are of the same country.
      expect(countryOf(order.buyer), where).toBe(publication?.place.country);
      expect(order.hoursAgo, where).toBeLessThan(publication?.postedHoursAgo ?? 0);
    }
    expect(demoContacts.length).toBeGreaterThanOrEqual(20);
    for (const [index, contact] of demoContacts.entries()) {
      const where = `contact ${index + 1}`;
      // The cart ends in a WhatsApp message: only sellers with a phone get one.
      expect(users.get(contact.seller)?.phone, where).toBeTruthy();
      expect(contact.buyer, where).not.toBe(contact.seller);
      if (contact.buyer !== null) expect(countryOf(contact.buyer), where).toBe(countryOf(contact.seller));
      expect(new Set(contact.publications).size, where).toBe(contact.publications.length);
      for (const key of contact.publications) {
        const publication = publications.get(key);
        expect([publication?.author, publication?.published], `${where} ${key}`).toEqual([
          contact.seller,
          true,
        ]);
        expect(contact.hoursAgo, `${where} ${key}`).toBeLessThan(publication?.postedHoursAgo ?? 0);
      }
    }
    // Everybody takes part: the super user buys, sells, writes and is written to.
    const sellerOf = (key: string) => publications.get(key)?.author;
    for (const user of demoUsers) {
      const buys = demoOrders.filter((order) => order.buyer === user.key).length;
      const sells = demoOrders.filter((order) => sellerOf(order.publication) === user.key).length;
      const sent = demoContacts.filter((contact) => contact.buyer === user.key).length;
      const received = demoContacts.filter((contact) => contact.seller === user.key).length;
      expect(buys + sells, user.key).toBeGreaterThanOrEqual(2);
      expect(sent + received, user.key).toBeGreaterThanOrEqual(1);
      if (user.key === DEMO_SUPER_USER_KEY)
        expect([buys, sells, sent, received].every((n) => n > 0)).toBe(true);
    }
  });
});
