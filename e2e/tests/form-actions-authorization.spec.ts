import { DEMO_SUPER_USER_EMAIL, demoUsers } from '../../apps/api/src/demo/content/users.ts';
import { SELF_RATING_MESSAGE } from '../../apps/api/src/modules/ratings/messages.ts';
import { OWN_PUBLICATION_MESSAGE } from '../../apps/api/src/modules/reports/messages.ts';
import { CAPTCHA_MISSING_MESSAGE } from '../../apps/api/src/modules/captcha/messages.ts';
import { createNewcomer } from '../support/newcomer.ts';
import { E2E_BASE_URL } from '../support/server.ts';
import { signInAs, userIdOf } from '../support/session.ts';
import { expect, test, type APIRequestContext, type Browser } from '../support/test.ts';

// Who may post to each form action this issue added: a guest, the owner of what is touched, another member and the
// super user. The actions call the API as the visitor, so its checks decide; these tests post the forms themselves,
// as a page without scripts does (a document POST, no redirect followed).

const member = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
const other = demoUsers.find((user) => user.email === 'julian.acosta@ecoanuncios.local')!;

type Who = 'guest' | 'owner' | 'other' | 'super';

/** A request context signed in as `who` ('owner' is the demo member whose things are touched). */
async function as(browser: Browser, who: Who): Promise<APIRequestContext> {
  const context = await browser.newContext();
  if (who === 'owner') await signInAs(context, member.email);
  if (who === 'other') await signInAs(context, other.email);
  if (who === 'super') await signInAs(context, DEMO_SUPER_USER_EMAIL);
  return context.request;
}

function post(request: APIRequestContext, path: string, form: Record<string, string>, origin = E2E_BASE_URL) {
  return request.post(path, { form, headers: { origin }, maxRedirects: 0, failOnStatusCode: false });
}

/** A published publication of the demo member whose things are touched. */
async function memberPublication(request: APIRequestContext): Promise<string> {
  const memberId = await userIdOf(member.email);
  const answer = await request.get(`/api/publications?author=${memberId}&typed=market&pageSize=1`);
  return ((await answer.json()) as { publications: { _id: string }[] }).publications[0]!._id;
}

test('settings: only the signed-in member changes their own profile, and never from another site', async ({
  browser,
}) => {
  const guest = await post(await as(browser, 'guest'), '/dashboard/settings', {
    intent: 'payment-details',
    paymentDetails: 'Alias: de.un.visitante',
  });
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toBe('/auth?redirectTo=%2Fdashboard%2Fsettings');

  const newcomer = await createNewcomer('Ada Ajustes');
  const context = await browser.newContext();
  await signInAs(context, newcomer.email);
  const saved = await post(context.request, '/dashboard/settings', {
    intent: 'payment-details',
    paymentDetails: 'Alias: ada.ajustes',
  });
  expect(saved.status()).toBe(302);
  expect(saved.headers().location).toBe('/dashboard/settings');

  // A form on another site posting with the member's cookie: React Router refuses an action whose Origin is not the
  // page's (a 400, before the action runs; the API's own origin check stands behind it), and nothing changes.
  const forged = await post(
    context.request,
    '/dashboard/settings',
    { intent: 'payment-details', paymentDetails: 'Alias: del.atacante' },
    'https://evil.example',
  );
  expect(forged.status()).toBe(400);
  const me = (await (await context.request.get('/api/me')).json()) as { paymentDetails: string };
  expect(me.paymentDetails).toBe('Alias: ada.ajustes');

  const deletion = await post(await as(browser, 'guest'), '/dashboard/settings', {
    intent: 'delete-account',
    password: 'cualquiera',
  });
  expect(deletion.status()).toBe(302);
  expect(deletion.headers().location).toMatch(/^\/auth\?redirectTo=/);
  await context.close();
});

test('moderation: the desk exists for super users only', async ({ browser }) => {
  // A publication already waiting for review: the decision leaves it where it was, out of the other tests' way.
  const desk = await as(browser, 'super');
  const queue = (await (await desk.get('/api/moderation/queue?page=1&pageSize=1')).json()) as {
    items: { publication: { _id: string } }[];
  };
  const target = queue.items[0]!.publication._id;
  const decision = { decision: 'review', targetId: target, reason: 'Faltan fotos del material' };
  for (const who of ['guest', 'owner', 'other'] as const) {
    const answer = await post(await as(browser, who), '/dashboard/moderation', decision);
    expect(answer.status(), who).toBe(404);
  }
  const decided = await post(desk, '/dashboard/moderation', decision);
  expect(decided.status()).toBe(302);
  expect(decided.headers().location).toBe('/dashboard/moderation');
});

test('rating: members rate others, never themselves; guests are sent to sign in', async ({ browser }) => {
  const memberId = await userIdOf(member.email);
  const rating = { intent: 'rate', rating: '5', comment: 'Todo impecable' };
  const guest = await post(await as(browser, 'guest'), `/users/${memberId}`, rating);
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toMatch(/^\/auth\?redirectTo=/);

  const self = await post(await as(browser, 'owner'), `/users/${memberId}`, rating);
  expect(self.status()).toBe(400);
  expect(await self.text()).toContain(SELF_RATING_MESSAGE);

  const newcomer = await createNewcomer('Rosa Rápida');
  const context = await browser.newContext();
  await signInAs(context, newcomer.email);
  const rated = await post(context.request, `/users/${memberId}`, rating);
  expect(rated.status()).toBe(302);
  expect(rated.headers().location).toBe(`/users/${memberId}#calificaciones`);
  await context.close();

  const bySuper = await post(await as(browser, 'super'), `/users/${await userIdOf(other.email)}`, rating);
  expect([302, 409]).toContain(bySuper.status());
});

test('report: guests need the human check, owners cannot report their own, others can', async ({
  browser,
  request,
}) => {
  const target = await memberPublication(request);
  const path = `/report/publication/${target}`;
  const report = { reason: 'spam' };
  const guest = await post(await as(browser, 'guest'), path, report);
  expect(guest.status()).toBe(400);
  expect(await guest.text()).toContain(CAPTCHA_MISSING_MESSAGE);

  const own = await post(await as(browser, 'owner'), path, report);
  expect(own.status()).toBeGreaterThanOrEqual(400);
  expect(own.status()).toBeLessThan(500);
  expect(await own.text()).toContain(OWN_PUBLICATION_MESSAGE);

  for (const who of ['other', 'super'] as const) {
    const filed = await post(await as(browser, who), path, report);
    // 409: filed by an earlier attempt of this run.
    expect([302, 409], who).toContain(filed.status());
    if (filed.status() === 302) expect(filed.headers().location).toBe(`/publications/${target}`);
  }
  expect((await post(await as(browser, 'guest'), '/report/nada/x', report)).status()).toBe(404);
});

test('contact: anybody goes on to WhatsApp; only a wa.me chat is ever a destination', async ({
  browser,
  request,
}) => {
  const target = await memberPublication(request);
  const memberId = await userIdOf(member.email);
  const form = {
    sellerId: memberId,
    publicationIds: target,
    whatsapp: 'https://wa.me/5493510000002?text=Hola',
  };
  for (const who of ['guest', 'owner', 'other', 'super'] as const) {
    // The owner writing to themselves: the record is refused, the chat still opens.
    const answer = await post(await as(browser, who), '/contact', form);
    expect(answer.status(), who).toBe(303);
    expect(answer.headers().location, who).toBe('https://wa.me/5493510000002?text=Hola');
  }
  const elsewhere = await post(await as(browser, 'guest'), '/contact', {
    ...form,
    whatsapp: 'https://evil.example/',
  });
  expect(elsewhere.status()).toBe(400);
  expect(((await elsewhere.json()) as { message: string }).message).toBe(
    'El enlace de WhatsApp no es válido.',
  );
});

test('favorite: members save what they may see, guests are sent to sign in, other sites are refused', async ({
  browser,
  request,
}) => {
  const target = await memberPublication(request);
  const back = `/publications/${target}`;
  const save = { publicationId: target, saved: '1', back };
  const guest = await post(await as(browser, 'guest'), '/favorite', save);
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`);

  for (const who of ['owner', 'other', 'super'] as const) {
    const context = await as(browser, who);
    for (const saved of ['1', '1', '0']) {
      const answer = await post(context, '/favorite', { ...save, saved });
      expect(answer.status(), `${who} ${saved}`).toBe(303);
      expect(answer.headers().location, who).toBe(back);
    }
  }

  // The member's publication under review: its author may save it, anybody else is told it does not exist.
  const owner = await as(browser, 'owner');
  const mine = (await (await owner.get('/api/my-publications?pageSize=60')).json()) as {
    publications: { _id: string; status: number }[];
  };
  const pending = mine.publications.find((publication) => publication.status === 0);
  if (pending) {
    const hidden = { publicationId: pending._id, saved: '1', back: '/publications' };
    expect((await post(owner, '/favorite', hidden)).status()).toBe(303);
    const refused = await post(await as(browser, 'other'), '/favorite', hidden);
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toBe('/publications');
    expect(refused.headers()['set-cookie']).toContain('El%20anuncio%20no%20existe');
  }

  // Only a page of this site is a way back; a broken form is a 400, never a 500.
  const elsewhere = await post(await as(browser, 'other'), '/favorite', {
    ...save,
    back: 'https://evil.example/',
  });
  expect(elsewhere.headers().location).toBe(back);
  expect((await post(await as(browser, 'other'), '/favorite', { saved: '1' })).status()).toBe(400);

  // Another site's form with the member's cookie: React Router does not check a resource route's Origin, the API
  // does (the action calls it with the visitor's): back with its refusal as the notice, nothing saved.
  const newcomer = await createNewcomer('Fede Forjado');
  const context = await browser.newContext();
  await signInAs(context, newcomer.email);
  const forged = await post(context.request, '/favorite', save, 'https://evil.example');
  expect(forged.status()).toBe(302);
  expect(forged.headers()['set-cookie']).toContain('eco_notice=');
  const saved = (await (await context.request.get('/api/favorites')).json()) as { total: number };
  expect(saved.total).toBe(0);
  await context.close();
});
