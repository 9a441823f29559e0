import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBrowser, PUBLIC_URL } from './helpers/accounts.ts';
import { insertSaleItem } from './helpers/deals.ts';
import { createActors, type Actors } from './helpers/publications.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type ContactBody = {
  _id: string;
  seller: { _id: string; name: string };
  buyer: { _id: string; name: string } | null;
  publications: { _id: string | null; title: string; imageUrl: string | null }[];
  createdAt: string;
};

describe('contact history of the WhatsApp cart', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let actors: Actors;
  let soap: string;
  let candle: string;

  beforeAll(async () => {
    subject = await createTestApp();
    app = subject.app;
    actors = await createActors(subject.database.db);
    soap = await insertSaleItem(subject.database.db, actors.author.id, { title: 'Jabón de oliva' });
    candle = await insertSaleItem(subject.database.db, actors.author.id, { title: 'Vela de soja' });
  });

  afterAll(async () => {
    await subject?.dispose();
  });

  const record = (headers: Record<string, string>, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers,
      payload: payload as Record<string, unknown>,
    });

  it('records a guest’s contact and a member’s; the seller sees both, the member theirs', async () => {
    const guest = await record(
      { origin: PUBLIC_URL },
      { sellerId: actors.author.id, publicationIds: [soap] },
    );
    expect(guest.statusCode).toBe(201);
    const member = await record(actors.other.headers, {
      sellerId: actors.author.id,
      publicationIds: [soap, candle, soap],
    });
    expect(member.statusCode).toBe(201);

    const received = await app.inject({
      method: 'GET',
      url: '/api/sales/contacts',
      headers: actors.author.headers,
    });
    const page = received.json<{
      contacts: ContactBody[];
      total: number;
      totalPages: number;
      nextPage: null;
    }>();
    expect(page).toMatchObject({ total: 2, totalPages: 1, nextPage: null });
    expect(page.contacts[0]).toMatchObject({
      buyer: { _id: actors.other.id, name: 'Otro Usuario' },
      seller: { _id: actors.author.id, name: 'Ana Autora' },
      publications: [
        { _id: soap, title: 'Jabón de oliva', imageUrl: '/media/demo/jabon.sm.webp' },
        { _id: candle, title: 'Vela de soja' },
      ],
    });
    expect(page.contacts[1]).toMatchObject({ buyer: null, publications: [{ _id: soap }] });

    const sent = await app.inject({
      method: 'GET',
      url: '/api/shopping/contacts',
      headers: actors.other.headers,
    });
    expect(sent.json()).toMatchObject({ total: 1, contacts: [{ seller: { _id: actors.author.id } }] });
    const nothing = await app.inject({
      method: 'GET',
      url: '/api/shopping/contacts',
      headers: actors.superUser.headers,
    });
    expect(nothing.json()).toEqual({ contacts: [], total: 0, totalPages: 0, nextPage: null });
    const authorSent = await app.inject({
      method: 'GET',
      url: '/api/shopping/contacts',
      headers: actors.author.headers,
    });
    expect(authorSent.json()).toMatchObject({ total: 0 });
  });

  it('refuses publications of another seller, unpublished ones, an unknown seller, oneself and an empty list', async () => {
    const other = await insertSaleItem(subject.database.db, actors.superUser.id);
    const hidden = await insertSaleItem(subject.database.db, actors.author.id, { status: 0 });
    const cases: [Record<string, string>, unknown, string][] = [
      [
        actors.other.headers,
        { sellerId: actors.author.id, publicationIds: [other] },
        'Los anuncios elegidos no son de ese vendedor.',
      ],
      [
        actors.other.headers,
        { sellerId: actors.author.id, publicationIds: [hidden] },
        'Los anuncios elegidos no son de ese vendedor.',
      ],
      [actors.other.headers, { sellerId: 'nobody', publicationIds: [soap] }, 'El vendedor no existe.'],
      [
        actors.author.headers,
        { sellerId: actors.author.id, publicationIds: [soap] },
        'No puedes consultarte a ti mismo.',
      ],
      [
        actors.other.headers,
        { sellerId: actors.author.id, publicationIds: [] },
        'publicationIds: Elige al menos un anuncio.',
      ],
    ];
    for (const [headers, payload, message] of cases) {
      const response = await record(headers, payload);
      expect(response.json(), message).toMatchObject({ statusCode: 400, message });
    }
    // A cart holding one withdrawn publication still records the others.
    const mixed = await record(actors.superUser.headers, {
      sellerId: actors.author.id,
      publicationIds: [hidden, candle, other],
    });
    expect(mixed.statusCode).toBe(201);
    const received = await app.inject({
      method: 'GET',
      url: '/api/sales/contacts',
      headers: actors.author.headers,
    });
    expect(received.json<{ contacts: ContactBody[] }>().contacts[0]).toMatchObject({
      buyer: { _id: actors.superUser.id },
      publications: [{ _id: candle }],
    });
  });

  it('a contact in a member’s name from another site is refused by the origin check', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      cookies: asBrowser(actors.other.token).cookies,
      headers: { origin: 'https://evil.example' },
      payload: { sellerId: actors.author.id, publicationIds: [soap] },
    });
    expect(response.statusCode).toBe(403);
  });
});
