import { expect, test } from '@playwright/test';
import { questions } from '@eco/domain/faq';

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
