import { expect, test, type Page } from '../support/test.ts';
import { demoUsers } from '../../apps/api/src/demo/demo-data.ts';
import { fillSignIn, signUpAndActivate, uniqueEmail } from '../support/accounts.ts';
import { linkTo, waitForMail } from '../support/mailbox.ts';
import { signInAs, userIdOf } from '../support/session.ts';

const rater = demoUsers.find((user) => user.email === 'sofia.ledesma@ecoanuncios.local')!;
const seller = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
const PASSWORD = 'secreto-123';

/** The bell of the top bar; its accessible name carries the unread count ('Notificaciones, 2 sin leer'). */
function bellOf(page: Page) {
  return page.locator('header button[aria-label^="Notificaciones"]');
}

test('a member rates another: the profile changes, the rated member is told live in every tab, reads, toggles and deletes the notification, and unsubscribes from the e-mail', async ({
  browser,
  request,
}) => {
  // Two people, three pages, two e-mails: longer than a single-page test.
  test.setTimeout(120_000);
  const rated = { email: uniqueEmail('calificada'), name: 'Ana Calificada', password: PASSWORD };

  // The rated member signs up, activates, signs in: the welcome notification is their first unread one.
  const ratedContext = await browser.newContext();
  const ratedPage = await ratedContext.newPage();
  await signUpAndActivate(ratedPage, request, rated);
  await ratedPage.goto('/auth');
  await fillSignIn(ratedPage, rated.email, rated.password);
  await expect(ratedPage).toHaveURL('/dashboard');
  await expect(bellOf(ratedPage)).toHaveAttribute('aria-label', 'Notificaciones, 1 sin leer');
  const ratedId = await userIdOf(rated.email);
  // A second tab of the same member, left open on another page.
  const secondTab = await ratedContext.newPage();
  await secondTab.goto('/publications');
  await expect(bellOf(secondTab)).toHaveAttribute('aria-label', 'Notificaciones, 1 sin leer');

  await test.step('the rater rates with the keyboard and sees the profile change', async () => {
    const raterContext = await browser.newContext();
    await signInAs(raterContext, rater.email);
    const page = await raterContext.newPage();
    await page.goto(`/users/${ratedId}`);
    const ratings = page.locator('#calificaciones');
    await expect(ratings.getByText('Todavía nadie calificó a este miembro.')).toBeVisible();

    const form = page.getByRole('form', { name: `Calificar a ${rated.name}` });
    await expect(form.getByRole('radiogroup', { name: 'Calificación' })).toBeVisible();
    await form.getByRole('radio', { name: '1 estrella', exact: true }).focus();
    await page.keyboard.press('Space');
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
    await form.getByRole('textbox', { name: /Comentario/ }).fill('Muy amable, todo llegó perfecto');
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('¡Todo correcto! Gracias por calificar.')).toBeVisible();

    await expect(ratings.getByText('1 calificación')).toBeVisible();
    await expect(ratings.getByRole('img', { name: '4 de 5 estrellas' }).first()).toBeVisible();
    const list = ratings.getByRole('list', { name: 'Calificaciones recibidas' });
    await expect(list).toContainText(rater.name);
    await expect(list).toContainText('Muy amable, todo llegó perfecto');
    // Now it is their rating: the form edits it.
    await expect(form.getByRole('button', { name: 'Guardar' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Enviar' })).toHaveCount(0);
    await raterContext.close();
  });

  await test.step('the badge goes up live in both open tabs', async () => {
    await expect(bellOf(ratedPage)).toHaveAttribute('aria-label', 'Notificaciones, 2 sin leer');
    await expect(bellOf(secondTab)).toHaveAttribute('aria-label', 'Notificaciones, 2 sin leer');
  });

  const drawer = ratedPage.getByRole('dialog', { name: 'Notificaciones' });
  const dialog = ratedPage.getByRole('dialog', { name: 'Nueva calificación' });

  await test.step('the dialog marks the notification read after a moment; it can be marked unread again', async () => {
    await bellOf(ratedPage).click();
    await expect(drawer.getByText('Tienes 2 notificaciones sin leer')).toBeVisible();
    await drawer.getByRole('button', { name: /Nueva calificación/ }).click();
    await expect(dialog).toContainText(`${rater.name} te calificó con 4 estrellas`);
    await expect(dialog.getByText('Leída', { exact: true })).toBeVisible();
    await expect(bellOf(ratedPage)).toHaveAttribute('aria-label', 'Notificaciones, 1 sin leer');
    await expect(bellOf(secondTab)).toHaveAttribute('aria-label', 'Notificaciones, 1 sin leer');

    await dialog.getByRole('button', { name: 'Marcar como no leída' }).click();
    await expect(ratedPage.getByText('La notificación se ha actualizado correctamente')).toBeVisible();
    await expect(dialog.getByText('No leída', { exact: true })).toBeVisible();
    await expect(bellOf(ratedPage)).toHaveAttribute('aria-label', 'Notificaciones, 2 sin leer');
    // Delete is offered for read notifications only.
    await expect(dialog.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  });

  await test.step('a read notification is deleted after a confirmation', async () => {
    await dialog.getByRole('button', { name: 'Marcar como leída' }).click();
    await expect(dialog.getByText('Leída', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    const confirmation = ratedPage.getByRole('dialog', { name: 'Eliminar notificación' });
    await confirmation.getByRole('button', { name: 'Si' }).click();
    await expect(ratedPage.getByText('La notificación se ha eliminado exitosamente')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByRole('button', { name: /Nueva calificación/ })).toHaveCount(0);
    await expect(drawer.getByText('Tienes 1 notificación sin leer')).toBeVisible();
  });

  await test.step('the notifications page lists the rest; the route change closes the drawer', async () => {
    await drawer.getByRole('link', { name: /Ver todas las notificaciones/ }).click();
    await expect(ratedPage).toHaveURL('/dashboard/notifications');
    await expect(drawer).toBeHidden();
    await expect(bellOf(ratedPage)).toHaveCount(0);
    await expect(ratedPage.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
    await expect(ratedPage.getByText('Tienes 1 notificación sin leer')).toBeVisible();
    await expect(ratedPage.getByRole('list', { name: 'Notificaciones' }).getByRole('listitem')).toHaveCount(
      1,
    );
  });

  await test.step("the e-mail's unsubscribe link turns the settings switch off, after a confirmation", async () => {
    const mail = await waitForMail(request, rated.email, new RegExp(`${rater.name} te calificó`));
    expect(mail.text).toContain('Muy amable, todo llegó perfecto');
    await ratedPage.goto(linkTo(mail, '/unsubscribe/'));
    // Opening the link changes nothing (mail scanners open links too).
    const before = (await (await ratedPage.request.get('/api/me')).json()) as { emailNotifications: boolean };
    expect(before.emailNotifications).toBe(true);
    await ratedPage.getByRole('button', { name: 'Sí, dejar de recibir avisos por correo' }).click();
    await expect(
      ratedPage.getByRole('heading', { name: 'Listo, no te enviaremos más avisos por correo' }),
    ).toBeVisible();
    await ratedPage.getByRole('link', { name: 'Ir a Configuración' }).click();
    await expect(ratedPage).toHaveURL('/dashboard/settings');
    await expect(ratedPage.getByRole('switch', { name: 'Recibir avisos por correo' })).not.toBeChecked();
  });

  await ratedContext.close();
});

test('a guest is invited to sign in to rate; a member cancelling a new rating is asked first', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const sellerId = await userIdOf(seller.email);

  await page.goto(`/users/${sellerId}`);
  const signIn = page.getByRole('link', { name: 'Ingresa para calificar' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAttribute(
    'href',
    `/auth?redirectTo=${encodeURIComponent(`/users/${sellerId}#calificaciones`)}`,
  );
  await expect(page.getByRole('form', { name: /Calificar a/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Anuncios publicados' })).toBeVisible();

  // A new member has rated nobody yet: the form starts empty.
  const member = { email: uniqueEmail('nueva'), name: 'Nueva Miembro', password: PASSWORD };
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await signUpAndActivate(memberPage, request, member);
  await memberPage.goto(await signIn.getAttribute('href').then((href) => href!));
  await fillSignIn(memberPage, member.email, member.password);
  await expect(memberPage).toHaveURL(`/users/${sellerId}#calificaciones`);

  const form = memberPage.getByRole('form', { name: `Calificar a ${seller.name}` });
  await form.getByRole('radio', { name: '3 estrellas' }).click();
  await form.getByRole('textbox', { name: /Comentario/ }).fill('Excelente trato');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  const confirmation = memberPage.getByRole('dialog', { name: '¿Estas seguras que deseas cancelar?' });
  await expect(confirmation).toContainText('Se borrarán todos los datos ingresados.');
  await confirmation.getByRole('button', { name: 'Mejor no' }).click();
  await expect(form.getByRole('textbox', { name: /Comentario/ })).toHaveValue('Excelente trato');

  await form.getByRole('button', { name: 'Cancelar' }).click();
  await confirmation.getByRole('button', { name: 'Si' }).click();
  await expect(form.getByRole('textbox', { name: /Comentario/ })).toHaveValue('');
  await expect(form.getByRole('radio', { name: '3 estrellas' })).not.toBeChecked();
  await context.close();
});
