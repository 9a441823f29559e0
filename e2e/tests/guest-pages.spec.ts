import path from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse, type Browser } from '../support/test.ts';
import sharp from 'sharp';
import { DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { startServer, type ServerProcess } from '../../apps/api/test/helpers/server-process.ts';
import { formatAverage, ratingCountText } from '../../apps/web/app/features/ratings/rating-texts.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../support/server.ts';
import { signInAs } from '../support/session.ts';

// The guest pages remembered by each server process (apps/api/src/web/guest-pages.ts) stay exact: a write through
// the API shows on the very next guest request, on this server and on a second process on the same database whose
// copies were rendered before the write. Members always get their own render.

test.describe.configure({ mode: 'serial' });

const AUTHOR = 'rocio.funes@ecoanuncios.local';
const RATER = 'luisa.daza@ecoanuncios.local';
const WEB_BUILD_DIR = path.resolve(import.meta.dirname, '../../apps/web/build');

let second: ServerProcess;

test.beforeAll(async () => {
  second = await startServer({
    DATA_DIR: E2E_DATA_DIR,
    WEB_BUILD_DIR,
    PUBLIC_URL: E2E_BASE_URL,
    SECRET_KEY: 'e2e-secret-key-of-at-least-thirty-two-characters',
  });
});

test.afterAll(async () => {
  second.child.kill('SIGTERM');
  await second.exited;
});

/** A guest's GET (no cookie) of a page on one of the two servers. */
async function asGuest(base: string, pagePath: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${pagePath}`, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function signedInRequest(browser: Browser, email: string): Promise<APIRequestContext> {
  const context = await browser.newContext();
  await signInAs(context, email);
  return context.request;
}

const origin = { origin: E2E_BASE_URL };

async function ok<T>(answer: Promise<APIResponse>): Promise<T> {
  const response = await answer;
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

type Publication = {
  _id: string;
  title: string;
  createdBy: { _id: string; rating?: { qualificationAvg: number | null; count: number } };
};

test('a write shows on the very next guest request, on both server processes', async ({ browser }) => {
  test.setTimeout(90_000);
  const servers = [E2E_BASE_URL, second.url];
  const author = await signedInRequest(browser, AUTHOR);
  const superUser = await signedInRequest(browser, DEMO_SUPER_USER_EMAIL);
  const rater = await signedInRequest(browser, RATER);
  const marker = Date.now().toString(36);
  const title = `Frascos de vidrio ${marker}`;
  const explore = '/publications?what=market';

  // Every server has its guest copies of the list before the writes.
  for (const base of servers) {
    for (let visit = 0; visit < 2; visit++) expect((await asGuest(base, explore)).html).not.toContain(marker);
  }

  // 1. A member publishes: it waits for review, guests see nothing of it.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f6f3e' } })
    .jpeg()
    .toBuffer();
  const media = await ok<{ url: string }>(
    author.post('/api/media', {
      headers: origin,
      multipart: { file: { name: 'frascos.jpg', mimeType: 'image/jpeg', buffer: photo } },
    }),
  );
  const form = {
    typed: 'market',
    title,
    description: 'Frascos de vidrio limpios con tapa, ideales para conservas y para guardar semillas.',
    quantity: 12,
    price: 1500,
    files: [{ url: media.url }],
  };
  const { publication } = await ok<{ publication: Publication }>(
    author.post('/api/publications', { headers: origin, data: form }),
  );
  const detail = `/publications/${publication._id}`;
  try {
    for (const base of servers) {
      expect((await asGuest(base, explore)).html).not.toContain(marker);
      expect((await asGuest(base, detail)).status).toBe(404);
    }

    // 2. A super user publishes it.
    await ok(superUser.put(`/api/publication/${publication._id}`, { headers: origin, data: { status: 1 } }));
    for (const base of servers) {
      expect((await asGuest(base, explore)).html).toContain(title);
      const page = await asGuest(base, detail);
      expect(page.status).toBe(200);
      expect(page.html).toContain(title);
      expect((await asGuest(base, detail)).html).toContain(title);
    }

    // 3. Its title changes.
    const edited = `Frascos con tapa ${marker}`;
    await ok(
      superUser.put(`/api/publication/${publication._id}`, {
        headers: origin,
        data: { ...form, _id: publication._id, title: edited },
      }),
    );
    for (const base of servers) {
      for (const pagePath of [explore, detail]) {
        const { html } = await asGuest(base, pagePath);
        expect(html).toContain(edited);
        expect(html).not.toContain(title);
      }
    }

    // 4. Someone rates its author: the average shown on the detail page changes.
    const authorId = publication.createdBy._id;
    const rated = await rater.post(`/api/user/${authorId}/qualifications`, {
      headers: origin,
      data: { rating: 4, comment: 'Muy amable, todo en orden' },
    });
    if (rated.status() === 409) {
      // Rated in an earlier run on this data: the rating changes instead.
      const { qualification } = await ok<{ qualification: { _id: string; rating: number } }>(
        rater.get(`/api/user/${authorId}/my-qualification`),
      );
      await ok(
        rater.put(`/api/user/${authorId}/qualification`, {
          headers: origin,
          data: { _id: qualification._id, rating: qualification.rating === 4 ? 5 : 4 },
        }),
      );
    } else {
      expect(rated.status()).toBe(201);
    }
    const now = await ok<{ publication: Publication }>(superUser.get(`/api/publication/${publication._id}`));
    const rating = now.publication.createdBy.rating!;
    const label = `${formatAverage(rating.qualificationAvg!)} de 5 estrellas, ${ratingCountText(rating.count)}`;
    for (const base of servers) expect((await asGuest(base, detail)).html).toContain(label);
  } finally {
    expect(
      (await superUser.delete(`/api/publication/${publication._id}`, { headers: origin })).status(),
    ).toBe(204);
  }
  for (const base of servers) expect((await asGuest(base, detail)).status).toBe(404);
});

test('members never get a guest copy, nor guests a member’s page; caching headers as before', async ({
  browser,
}) => {
  const { publications } = await ok<{ publications: { _id: string }[] }>(
    (await browser.newContext()).request.get('/api/publications?typed=market'),
  );
  const detail = `/publications/${publications[0]!._id}`;
  const context = await browser.newContext();
  await signInAs(context, DEMO_SUPER_USER_EMAIL);
  for (const pagePath of ['/', '/publications?what=market', detail]) {
    const guest = await asGuest(E2E_BASE_URL, pagePath);
    const again = await asGuest(E2E_BASE_URL, pagePath);
    expect(again.html).toBe(guest.html);
    for (const answer of [guest, again]) {
      expect(answer.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(answer.headers.get('vary')).toMatch(/Cookie/);
      expect(answer.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
      expect(answer.html).toContain('Ingresar');
      expect(answer.html).not.toMatch(/nonce="[^"]+"/);
    }
    // Crawlers get the complete document too.
    const crawler = await asGuest(E2E_BASE_URL, pagePath, { 'user-agent': 'Googlebot/2.1' });
    expect(crawler.status).toBe(200);

    const member = await context.request.get(pagePath);
    expect(member.headers()['cache-control']).toBe('private, no-store');
    expect(member.headers()['vary']).toMatch(/Cookie/);
    expect(member.headers()['content-security-policy']).toContain("'nonce-");
    const memberHtml = await member.text();
    expect(memberHtml).not.toBe(guest.html);
    expect(memberHtml).toMatch(/nonce="[^"]+"/);

    // The member's render is not given to the next guest either.
    const after = await asGuest(E2E_BASE_URL, pagePath);
    expect(after.html).toBe(guest.html);
  }
  await context.close();
});
