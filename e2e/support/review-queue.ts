import type { Page } from '@playwright/test';

/** The moderation desk's review queue is oldest first, ten a page, and other tests add to it: the card of `title`. */
export async function inReviewQueue(admin: Page, title: string) {
  for (let page = 1; page <= 20; page++) {
    await admin.goto(`/dashboard/moderation?tab=review${page > 1 ? `&page=${page}` : ''}`);
    const article = admin.getByRole('article', { name: title });
    if ((await article.count()) > 0) return article;
  }
  throw new Error(`«${title}» is on no page of the review queue`);
}
