import { expect, hydrated, test, type APIRequestContext, type Browser, type Page } from '../support/test.ts';
import { demoUsers } from '../../apps/api/src/demo/demo-data.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { E2E_BASE_URL } from '../support/server.ts';
import { signInAs, userIdOf } from '../support/session.ts';

const member = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
const rater = demoUsers.find((user) => user.email === 'julian.acosta@ecoanuncios.local')!;

type Ids = { publication: string; tip: string; user: string; own: string };

async function firstId(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  const { publications } = (await response.json()) as { publications: { _id: string }[] };
  expect(publications.length, `a publication at ${path}`).toBeGreaterThan(0);
  return publications[0]!._id;
}

async function demoIds(request: APIRequestContext): Promise<Ids> {
  const memberId = await userIdOf(member.email);
  return {
    publication: await firstId(request, '/api/publications?typed=market&pageSize=1'),
    tip: await firstId(request, '/api/publications?typed=tips&pageSize=1'),
    user: memberId,
    own: await firstId(request, `/api/publications?author=${memberId}&pageSize=1`),
  };
}

/** Opens a page and waits until it has rendered and hydrated (its main heading is there, no transition runs). */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('load');
  await hydrated(page);
}

type Route = {
  name: string;
  path: (ids: Ids) => string;
  /** Prepares the data the page needs, before it opens. */
  before?: (browser: Browser, ids: Ids) => Promise<void>;
  then?: (page: Page) => Promise<void>;
};

/** Another demo member rates the member, so that they have a notification to open (once per run). */
async function rateMember(browser: Browser, ids: Ids): Promise<void> {
  const context = await browser.newContext();
  try {
    await signInAs(context, rater.email);
    const response = await context.request.post(`/api/user/${ids.user}/qualifications`, {
      headers: { origin: E2E_BASE_URL },
      data: { rating: 5, comment: 'Impecable, muy recomendable' },
    });
    // 409: rated in an earlier attempt of this run; the notification is there.
    expect([201, 200, 409]).toContain(response.status());
  } finally {
    await context.close();
  }
}

const PUBLIC_ROUTES: Route[] = [
  { name: 'home', path: () => '/' },
  { name: 'about', path: () => '/about' },
  { name: 'questions', path: () => '/questions' },
  { name: 'terms', path: () => '/terms' },
  { name: 'privacy', path: () => '/privacy' },
  { name: 'beta', path: () => '/beta' },
  { name: 'thanks', path: () => '/thanks' },
  { name: 'explore', path: () => '/publications' },
  { name: 'explore a category', path: () => '/publications?what=market' },
  { name: 'publication detail', path: (ids) => `/publications/${ids.publication}` },
  { name: 'tip detail', path: (ids) => `/tips/${ids.tip}` },
  { name: 'user profile', path: (ids) => `/users/${ids.user}` },
  { name: 'unsubscribe', path: () => '/unsubscribe/no-es-un-enlace-valido' },
  { name: 'not found', path: () => '/no-existe-esta-pagina' },
];

const GUEST_ROUTES: Route[] = [
  ...PUBLIC_ROUTES,
  { name: 'sign in', path: () => '/auth' },
  { name: 'sign up', path: () => '/auth/new' },
  { name: 'activation with a bad link', path: () => '/auth/new/enlace-invalido' },
  { name: 'reset request', path: () => '/auth/reset' },
  { name: 'new password with a bad link', path: () => '/auth/reset/enlace-invalido' },
  { name: 'new publication prompt', path: () => '/publications/new' },
  {
    name: 'donation drawer',
    path: () => '/',
    then: async (page) => {
      await page.getByRole('button', { name: 'Donar' }).click();
      await expect(page.getByRole('dialog', { name: 'Apoya a EcoAnuncios' })).toBeVisible();
    },
  },
];

const MEMBER_ROUTES: Route[] = [
  ...PUBLIC_ROUTES,
  { name: 'panel', path: () => '/dashboard' },
  { name: 'settings', path: () => '/dashboard/settings' },
  { name: 'notifications', path: () => '/dashboard/notifications' },
  { name: 'own publications', path: () => '/dashboard/publications' },
  { name: 'edit a publication', path: (ids) => `/dashboard/publications/${ids.own}/edit` },
  { name: 'new publication, first step', path: () => '/publications/new' },
  {
    name: 'new publication, second step',
    path: () => '/publications/new',
    then: async (page) => {
      await page.getByRole('radio', { name: 'Productos y Servicios' }).click();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(page.getByRole('textbox', { name: 'Título' })).toBeVisible();
    },
  },
  {
    name: 'notifications drawer',
    path: () => '/',
    then: async (page) => {
      await page.locator('header button[aria-label^="Notificaciones"]').click();
      const drawer = page.getByRole('dialog', { name: 'Notificaciones' });
      await expect(drawer.getByRole('link', { name: /Ver todas las notificaciones/ })).toBeVisible();
    },
  },
  {
    name: 'notification dialog',
    path: () => '/dashboard/notifications',
    before: rateMember,
    then: async (page) => {
      await page.getByRole('list', { name: 'Notificaciones' }).getByRole('button').first().click();
      await expect(page.getByRole('button', { name: 'Cerrar' }).last()).toBeVisible();
    },
  },
];

test.describe('accessibility (axe, WCAG 2.2 AA) signed out', () => {
  for (const route of GUEST_ROUTES) {
    test(route.name, async ({ page, request }) => {
      const ids = await demoIds(request);
      await open(page, route.path(ids));
      await route.then?.(page);
      await expectNoSeriousViolations(page, `${route.name} (guest)`);
    });
  }
});

test.describe('accessibility (axe, WCAG 2.2 AA) signed in', () => {
  for (const route of MEMBER_ROUTES) {
    test(route.name, async ({ browser, context, page, request }) => {
      const ids = await demoIds(request);
      await route.before?.(browser, ids);
      await signInAs(context, member.email);
      await open(page, route.path(ids));
      await route.then?.(page);
      await expectNoSeriousViolations(page, `${route.name} (member)`);
    });
  }
});
