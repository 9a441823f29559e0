import { expect, test } from '../support/test.ts';
import { questions } from '@eco/domain/faq';
import { demoUsers, DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { signInAs } from '../support/session.ts';

const STATIC_PAGES = [
  { path: '/about', title: 'Nosotros' },
  { path: '/questions', title: 'Preguntas' },
  { path: '/terms', title: 'Términos' },
  { path: '/privacy', title: 'Privacidad' },
  { path: '/beta', title: 'Beta' },
  { path: '/thanks', title: 'Gracias' },
];

for (const { path, title } of STATIC_PAGES) {
  test(`${path} renders its content with its own title`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`${title}.*EcoAnuncios`, 'i'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('main')).toContainText(/\w{4,}/);
    const words = (await page.getByRole('main').innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(60);
  });
}

test('the FAQ expands an answer and shows its references', async ({ page }) => {
  await page.goto('/questions');
  const first = questions[0]!;
  await page.getByRole('button', { name: first.question }).click();
  const main = page.getByRole('main');
  await expect(main.getByText(first.answer)).toBeVisible();
  for (const reference of first.references) {
    await expect(main.getByRole('link', { name: reference.title }).first()).toBeVisible();
  }
});

test('guests get the static pages from the shared copy, its scripts allowed by their hashes', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (let visit = 0; visit < 2; visit++) {
    const response = await page.goto('/questions');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(csp).not.toContain("'nonce-");
  }
  // Hydrated: the FAQ opens an answer.
  const first = questions[0]!;
  await page.getByRole('button', { name: first.question }).click();
  await expect(page.getByRole('main').getByText(first.answer)).toBeVisible();
  expect(violations).toEqual([]);
});

test('a signed-in user gets their own render of a static page', async ({ browser }) => {
  const superUser = demoUsers.find((user) => user.email === DEMO_SUPER_USER_EMAIL)!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(context, superUser.email);
  const page = await context.newPage();
  const response = await page.goto('/about');
  expect(response?.headers()['content-security-policy']).toContain("'nonce-");
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: superUser.name.slice(0, 6) })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Ingresar' })).toHaveCount(0);
  await context.close();
});
