import { expect, test, type APIRequestContext } from '../support/test.ts';
import { demoUsers, DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { signInAs } from '../support/session.ts';

// The holes found by probing the running site from the outside, each closed for good.

const member = demoUsers.find((user) => user.email === DEMO_SUPER_USER_EMAIL)!;
const seller = demoUsers.find((user) => user.key === 'martin')!;

async function idOf(request: APIRequestContext, name: string): Promise<string> {
  const list = await request.get(`/api/publications?pageSize=100`);
  const found = (await list.json()).publications.find(
    (publication: { createdBy: { name: string } }) => publication.createdBy.name === name,
  );
  return found.createdBy._id as string;
}

test.describe('a signed-in visitor sent to sign in with a redirect', () => {
  for (const target of ['/.//evil.example', '/./\\evil.example', '//evil.example', '/a/..//evil.example']) {
    test(`never leaves the site for ${target}`, async ({ context, page }) => {
      await signInAs(context, member.email);
      await page.goto(`/auth?redirectTo=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL('/dashboard');
    });
  }

  test('is not sent away through the data route either', async ({ context }) => {
    await signInAs(context, member.email);
    const response = await context.request.get(
      `/auth.data?redirectTo=${encodeURIComponent('/.//evil.example')}`,
      {
        maxRedirects: 0,
      },
    );
    expect(response.status()).toBeLessThan(500);
    expect(JSON.stringify(response.headers())).not.toContain('evil.example');
    expect(await response.text()).not.toContain('evil.example');
  });
});

test('a public profile never shows the street address, neither on the page nor through the API', async ({
  page,
  request,
}) => {
  const id = await idOf(request, seller.name);
  const api = await request.get(`/api/user/${id}`);
  const body = await api.text();
  expect(body).not.toContain(seller.place.address!);
  expect(Object.keys((await api.json()).user)).not.toContain('locationAddress');
  expect(body).not.toContain(seller.email);

  await page.goto(`/users/${id}`);
  await expect(page.getByRole('heading', { name: seller.name })).toBeVisible();
  expect(await page.content()).not.toContain(seller.place.address!);
});

test('pages for a member are never cached; pages for guests say for how long they may be', async ({
  browser,
  request,
}) => {
  for (const path of ['/', '/publications?what=market', '/about']) {
    const guest = await request.get(path);
    expect(guest.status()).toBe(200);
    expect(guest.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(guest.headers()['vary']).toMatch(/cookie/i);
  }

  const context = await browser.newContext();
  await signInAs(context, member.email);
  for (const path of ['/', '/dashboard', '/dashboard/settings', '/publications?what=market', '/about']) {
    const signedIn = await context.request.get(path);
    expect(signedIn.status(), path).toBe(200);
    expect(signedIn.headers()['cache-control'], path).toBe('private, no-store');
    // The page does carry the member's e-mail: that is why it must never be kept.
    if (path === '/dashboard/settings') expect(await signedIn.text()).toContain(member.email);
  }
  await context.close();
});
