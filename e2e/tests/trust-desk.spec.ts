import { expect, test } from '../support/test.ts';
import { DEMO_SUPER_USER_EMAIL } from '../../apps/api/src/demo/demo-data.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import { createSession } from '../../apps/api/src/modules/sessions/service.ts';
import { E2E_DATA_DIR } from '../support/server.ts';
import { inReviewQueue } from '../support/review-queue.ts';
import { signInAs } from '../support/session.ts';

const NOT_FOUND = 'This page could not be found';

/** A published demo publication of a member who is not a super user, and two other members' session tokens. */
async function scenario() {
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    const target = await database.db
      .selectFrom('publications as p')
      .innerJoin('users as u', 'u.id', 'p.created_by')
      .select(['p.id', 'p.title', 'u.id as authorId', 'u.name as authorName'])
      .where('p.status', '=', 1)
      .where('p.typed', '!=', 'tips')
      .where('u.is_super_user', '=', 0)
      .orderBy('p.created_at', 'desc')
      .executeTakeFirstOrThrow();
    const others = await database.db
      .selectFrom('users')
      .select('id')
      .where('is_super_user', '=', 0)
      .where('id', '!=', target.authorId)
      .where('email', '!=', DEMO_SUPER_USER_EMAIL)
      .limit(2)
      .execute();
    const tokens = await Promise.all(
      others.map(async (other) => (await createSession(database.db, other.id, 3_600_000)).token),
    );
    return { ...target, tokens };
  } finally {
    await database.close();
  }
}

test('a guest reports with the real captcha; three reports hide it; the desk suspends, reinstates and publishes', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { id, title, authorId, authorName, tokens } = await scenario();

  // 1. A guest reports the publication: the ALTCHA widget solves its proof of work in the browser.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/publications/${id}`);
  await guest.getByRole('link', { name: 'Denunciar' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Denunciar anuncio' });
  await dialog.getByRole('radio', { name: 'Estafa o fraude' }).check();
  await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Pide el pago por adelantado a otra cuenta');
  const widget = dialog.locator('altcha-widget');
  await expect(widget).toBeVisible();
  const started = Date.now();
  await expect(
    widget.locator('[data-state="verified"], .altcha[data-state="verified"]').first(),
  ).toBeAttached({
    timeout: 20_000,
  });
  test.info().annotations.push({ type: 'captcha-solve-ms', description: String(Date.now() - started) });
  await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(guest.getByText('Gracias por avisarnos. Revisaremos tu denuncia.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 2. Two members report it too: the third open report sends it back to review at once.
  for (const token of tokens) {
    const response = await request.post('/api/reports', {
      headers: { authorization: `Bearer ${token}` },
      data: { targetType: 'publication', targetId: id, reason: 'spam' },
    });
    expect(response.status()).toBe(201);
  }
  await guest.reload();
  await expect(guest.getByText(NOT_FOUND)).toBeVisible();

  // 3. Only super users have a desk.
  await guest.goto('/dashboard/moderation');
  await expect(guest.getByText(NOT_FOUND)).toBeVisible();

  const adminContext = await browser.newContext();
  await signInAs(adminContext, DEMO_SUPER_USER_EMAIL);
  const admin = await adminContext.newPage();
  await admin.goto('/dashboard/moderation?tab=reports');
  const card = admin.getByRole('article', { name: title });
  await expect(card.getByText('3 denuncias')).toBeVisible();
  await expect(card.getByText(/Pide el pago por adelantado/)).toBeVisible();

  // 4. Suspend the author (the reason is the confirmation): their profile leaves the public.
  await card.getByRole('link', { name: `Suspender a ${authorName}` }).click();
  const reasonDialog = admin.getByRole('dialog', { name: 'Suspender cuenta' });
  await reasonDialog.getByRole('textbox', { name: 'Motivo' }).fill('Estafas denunciadas por varias personas');
  await reasonDialog.getByRole('button', { name: 'Suspender' }).click();
  await expect(admin.getByText('La cuenta está suspendida.')).toBeVisible();
  await guest.goto(`/users/${authorId}`);
  await expect(guest.getByText(NOT_FOUND)).toBeVisible();

  // 5. Reinstate from the suspended list, then publish the publication again from the review queue.
  await admin.goto('/dashboard/moderation?tab=suspended');
  await admin.getByRole('article', { name: authorName }).getByRole('button', { name: 'Reactivar' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Si' }).click();
  await expect(admin.getByText('La cuenta está activa de nuevo.')).toBeVisible();
  await guest.goto(`/users/${authorId}`);
  await expect(guest.getByRole('heading', { name: authorName })).toBeVisible();

  await (await inReviewQueue(admin, title)).getByRole('button', { name: 'Publicar' }).click();
  await expect(admin.getByText('El anuncio está publicado.')).toBeVisible();
  await guest.goto(`/publications/${id}`);
  await expect(guest.getByRole('heading', { name: title })).toBeVisible();

  // 6. Every decision is in the audit log.
  await admin.goto('/dashboard/moderation?tab=log');
  const log = admin.getByRole('list', { name: 'Registro de moderación' });
  // Other specs moderate at the same time: each entry is looked for by this publication's title or author's name.
  const entry = (action: string, about: string) =>
    log.getByRole('listitem').filter({ hasText: action }).filter({ hasText: about }).first();
  await expect(entry('ocultó por denuncias', title)).toBeVisible();
  await expect(entry('suspendió', authorName)).toBeVisible();
  await expect(entry('reactivó', authorName)).toBeVisible();
  await expect(entry('publicó', title)).toBeVisible();

  await guestContext.close();
  await adminContext.close();
});
