import { REPORT_COMMENT_REQUIRED_MESSAGE } from '@eco/domain';
import { FIELDS, required, tooShort } from '@eco/domain/schemas/messages';
import { LIMITS } from '@eco/domain/constants';
import { PASSWORD_CHANGED_MESSAGE } from '../../apps/api/src/modules/accounts/messages.ts';
import { ACCOUNT_DELETED_MESSAGE } from '../../apps/api/src/modules/my-data/service.ts';
import { REPORT_RECEIVED_MESSAGE } from '../../apps/api/src/modules/reports/messages.ts';
import {
  DEMO_SUPER_USER_EMAIL,
  DEMO_USER_PASSWORD,
  demoUsers,
} from '../../apps/api/src/demo/content/users.ts';
import { CAPTCHA_MISSING_MESSAGE } from '../../apps/api/src/modules/captcha/messages.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { linkTo, waitForMail } from '../support/mailbox.ts';
import { createNewcomer } from '../support/newcomer.ts';
import { signInAs, userIdOf } from '../support/session.ts';
import { expect, test, type Browser, type Page } from '../support/test.ts';
import { inReviewQueue } from '../support/review-queue.ts';

// Every form that changes something works before the page's scripts run, and so without them: it posts to its
// route's action, which validates with the domain's schema (the API's), answers with the spec's messages and the
// values kept (never a password), or does the work and says so. Chromium with JavaScript disabled.

const FORM_ERRORS = 'El formulario tiene errores';
const member = demoUsers.find((user) => user.email === 'martin.gomez@ecoanuncios.local')!;
const other = demoUsers.find((user) => user.email === 'julian.acosta@ecoanuncios.local')!;

async function withoutScripts(browser: Browser, signedInAs?: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  if (signedInAs) await signInAs(context, signedInAs);
  return context.newPage();
}

test('sign in: errors with the e-mail kept, then the session and the page asked for', async ({ browser }) => {
  const page = await withoutScripts(browser);
  await page.goto('/auth?redirectTo=%2Fdashboard%2Fsettings');
  const form = page.getByRole('form', { name: 'Formulario de ingreso' });
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(member.email);
  await form.getByRole('button', { name: 'Ingresar' }).click();
  await expect(form.getByText(FORM_ERRORS)).toBeVisible();
  await expect(form.getByText(required(FIELDS.password))).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(member.email);

  await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('no-es-la-clave');
  await form.getByRole('button', { name: 'Ingresar' }).click();
  await expect(form.getByText('Las credenciales son incorrectas')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Contraseña', exact: true })).toHaveValue('');

  await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_USER_PASSWORD);
  await form.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await page.context().close();
});

test('sign up, reset request and activation resend: errors, values kept, and the human check asked for', async ({
  browser,
}) => {
  const page = await withoutScripts(browser);
  await page.goto('/auth/new');
  const signUp = page.getByRole('form', { name: 'Formulario de registro' });
  // Before scripts the submit cannot follow the terms switch: it stays enabled and the action checks.
  await signUp.getByRole('textbox', { name: 'Correo electrónico' }).fill('no-es-un-correo');
  await signUp.getByRole('textbox', { name: 'Nombre' }).fill('Ana Paula');
  await signUp.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('corta');
  await signUp.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(signUp.getByText(FORM_ERRORS)).toBeVisible();
  await expect(signUp.getByText('El correo electrónico tiene un formato incorrecto')).toBeVisible();
  await expect(signUp.getByText(tooShort(FIELDS.password, LIMITS.signUpPassword.min))).toBeVisible();
  await expect(signUp.getByText(required(FIELDS.passwordConfirmation))).toBeVisible();
  await expect(signUp.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Ana Paula');
  await expect(signUp.getByRole('textbox', { name: 'Contraseña', exact: true })).toHaveValue('');

  // Valid, but the proof of work needs scripts: the page says so, and keeps what was typed.
  const email = uniqueEmail('sin.scripts');
  await signUp.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await signUp.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('huerta-2026');
  await signUp.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('huerta-2026');
  await signUp.getByRole('switch').check();
  await signUp.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(signUp.getByText(CAPTCHA_MISSING_MESSAGE)).toBeVisible();
  await expect(signUp.getByText(/funciona con JavaScript/)).toBeVisible();
  await expect(signUp.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(email);

  await page.goto('/auth/reset');
  const reset = page.getByRole('form', { name: 'Pedir enlace para restablecer la contraseña' });
  await reset.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(reset.getByText(required(FIELDS.email))).toBeVisible();
  await reset.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await reset.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(reset.getByText(CAPTCHA_MISSING_MESSAGE)).toBeVisible();
  await expect(reset.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(email);

  await page.goto('/auth/new/enlace-que-no-existe');
  const resend = page.getByRole('form', { name: 'Pedir un nuevo enlace de activación' });
  await resend.getByRole('textbox', { name: 'Correo electrónico' }).fill('mal@');
  await resend.getByRole('button', { name: 'Reenviar correo de activación' }).click();
  await expect(resend.getByText('El correo electrónico tiene un formato incorrecto')).toBeVisible();
  await expect(resend.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('mal@');
  await page.context().close();
});

test('new password from the e-mailed link, then signed in with it', async ({ browser, page, request }) => {
  const newcomer = await createNewcomer();
  // The link is asked for with scripts (the human check); it is used without them.
  await page.goto('/auth/reset');
  const ask = page.getByRole('form', { name: 'Pedir enlace para restablecer la contraseña' });
  await ask.getByRole('textbox', { name: 'Correo electrónico' }).fill(newcomer.email);
  await ask.getByRole('button', { name: 'Enviar enlace' }).click();
  const mail = await waitForMail(request, newcomer.email, /Restablece tu contraseña/);

  const bare = await withoutScripts(browser);
  await bare.goto(linkTo(mail, '/auth/reset/'));
  const choose = bare.getByRole('form', { name: 'Elegir una nueva contraseña' });
  await choose.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('segunda-clave');
  await choose.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('otra-distinta');
  await choose.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(choose.getByText('Las contraseñas no coinciden')).toBeVisible();
  await choose.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('segunda-clave');
  await choose.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('segunda-clave');
  await choose.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(bare).toHaveURL(`/auth?email=${encodeURIComponent(newcomer.email)}`);
  await expect(bare.getByRole('status').filter({ hasText: PASSWORD_CHANGED_MESSAGE })).toBeVisible();
  const signIn = bare.getByRole('form', { name: 'Formulario de ingreso' });
  await expect(signIn.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(newcomer.email);
  await signIn.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('segunda-clave');
  await signIn.getByRole('button', { name: 'Ingresar' }).click();
  await expect(bare).toHaveURL('/dashboard');
  await bare.context().close();
});

test('profile and payment details: edit, errors kept, saved', async ({ browser }) => {
  const newcomer = await createNewcomer();
  const page = await withoutScripts(browser, newcomer.email);
  await page.goto('/dashboard/settings');
  const profile = page.getByRole('form', { name: 'Tu perfil' });
  await expect(profile.getByRole('textbox', { name: 'Nombre' })).not.toBeEditable();
  await profile.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL('/dashboard/settings?editar=perfil');
  await profile.getByRole('textbox', { name: 'Nombre' }).fill('So');
  await profile.getByRole('textbox', { name: 'Teléfono / WhatsApp' }).fill('+54 9 351 555 0101');
  await profile.getByRole('button', { name: 'Guardar' }).click();
  await expect(profile.getByText(FORM_ERRORS)).toBeVisible();
  await expect(profile.getByText(tooShort(FIELDS.name, LIMITS.name.min))).toBeVisible();
  // The place is required too: a newcomer has none yet (its pickers need scripts; the message says what is missing).
  await expect(profile.getByText(required(FIELDS.locationCountry))).toBeVisible();
  await expect(profile.getByRole('textbox', { name: 'Teléfono / WhatsApp' })).toHaveValue(
    '+54 9 351 555 0101',
  );

  const payment = page.getByRole('form', { name: 'Cómo te pagan' });
  await page.goto('/dashboard/settings?editar=pago');
  await payment.getByRole('textbox', { name: 'Datos de pago' }).fill('Alias');
  await payment.getByRole('button', { name: 'Guardar' }).click();
  await expect(payment.getByText(tooShort(FIELDS.paymentDetails, LIMITS.paymentDetails.min))).toBeVisible();
  await expect(payment.getByRole('textbox', { name: 'Datos de pago' })).toHaveValue('Alias');
  await payment
    .getByRole('textbox', { name: 'Datos de pago' })
    .fill('Alias: sol.recien.llegada (Mercado Pago)');
  await payment.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL('/dashboard/settings');
  await expect(page.getByRole('status').filter({ hasText: '¡Todo correcto!' })).toBeVisible();
  await expect(payment.getByRole('textbox', { name: 'Datos de pago' })).toHaveValue(
    'Alias: sol.recien.llegada (Mercado Pago)',
  );
  await expect(payment.getByRole('textbox', { name: 'Datos de pago' })).not.toBeEditable();
  await page.context().close();
});

test('a demo member edits their profile and it is saved', async ({ browser }) => {
  const page = await withoutScripts(browser, demoUsers.find((user) => user.key === 'camila')!.email);
  await page.goto('/dashboard/settings?editar=perfil');
  const profile = page.getByRole('form', { name: 'Tu perfil' });
  const address = profile.getByRole('textbox', { name: 'Dirección' });
  const street = `Calle ${Date.now() % 1000}`;
  await address.fill(street);
  await profile.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL('/dashboard/settings');
  await expect(page.getByRole('status').filter({ hasText: '¡Todo correcto!' })).toBeVisible();
  await expect(address).toHaveValue(street);
  await page.context().close();
});

test('rating: the stars are required, then the rating is saved', async ({ browser }) => {
  const newcomer = await createNewcomer('Rita Calificadora');
  const page = await withoutScripts(browser, newcomer.email);
  await page.goto(`/users/${await userIdOf(other.email)}`);
  const form = page.getByRole('form', { name: `Calificar a ${other.name}` });
  await form.getByRole('textbox', { name: 'Comentario (opcional)' }).fill('Muy amable y puntual');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(form.getByText(required(FIELDS.rating))).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Comentario (opcional)' })).toHaveValue(
    'Muy amable y puntual',
  );
  await form.getByRole('radio', { name: '4 estrellas' }).check({ force: true });
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gracias por calificar' })).toBeVisible();
  const mine = page.getByRole('form', { name: `Calificar a ${other.name}` });
  await expect(mine.getByText('Tu calificación')).toBeVisible();
  await expect(mine.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
  await page.context().close();
});

test('report: a reason is required, "Otro" needs a comment, then the report is filed', async ({
  browser,
  request,
}) => {
  const memberId = await userIdOf(member.email);
  const list = (await (await request.get('/api/publications?typed=barter&pageSize=20')).json()) as {
    publications: { _id: string; title: string; createdBy: { _id: string } }[];
  };
  const target = list.publications.find((publication) => publication.createdBy._id !== memberId)!;
  const newcomer = await createNewcomer('Dora Denunciante');
  const page = await withoutScripts(browser, newcomer.email);
  await page.goto(`/publications/${target._id}`);
  await page.getByRole('link', { name: 'Denunciar' }).click();
  await expect(page).toHaveURL(`/report/publication/${target._id}`);
  const form = page.getByRole('form', { name: 'Formulario de denuncia' });
  await form.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(form.getByText(required({ name: 'El motivo' }))).toBeVisible();
  await form.getByRole('radio', { name: 'Otro' }).check();
  await form.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(form.getByText(REPORT_COMMENT_REQUIRED_MESSAGE)).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Otro' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Comentario' }).fill('Las fotos son de otro anuncio');
  await form.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(page).toHaveURL(`/publications/${target._id}`);
  await expect(page.getByRole('status').filter({ hasText: REPORT_RECEIVED_MESSAGE })).toBeVisible();
  await page.context().close();
});

test('account deletion: the password is checked, then everything goes', async ({ browser }) => {
  const newcomer = await createNewcomer('Eva Despedida');
  const page = await withoutScripts(browser, newcomer.email);
  await page.goto('/dashboard/settings');
  await page.getByRole('link', { name: 'Eliminar mi cuenta' }).click();
  await expect(page).toHaveURL('/dashboard/settings?confirmar=eliminar-cuenta');
  const form = page.getByRole('form', { name: 'Eliminar tu cuenta' });
  await form.getByLabel('Tu contraseña').fill('no-es-esta');
  await form.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(form.getByText('La contraseña es incorrecta')).toBeVisible();
  await form.getByLabel('Tu contraseña').fill(newcomer.password);
  await form.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT_DELETED_MESSAGE })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?redirectTo=%2Fdashboard');
  await page.context().close();
});

test('moderation: a decision that hides something asks for its reason in the card', async ({ browser }) => {
  const page = await withoutScripts(browser, DEMO_SUPER_USER_EMAIL);
  await page.goto('/dashboard/moderation');
  const item = page.getByRole('article').first();
  const title = await item.getAttribute('aria-label');
  await item.getByRole('link', { name: 'Devolver a revisión' }).click();
  const form = page.getByRole('form', { name: 'Motivo de la decisión' });
  await form.getByRole('button', { name: 'Devolver' }).click();
  await expect(form.getByText(required({ name: 'El motivo' }))).toBeVisible();
  await form.getByRole('textbox', { name: 'Motivo' }).fill('Faltan fotos del estado real del material');
  await form.getByRole('button', { name: 'Devolver' }).click();
  await expect(page).toHaveURL('/dashboard/moderation');
  await expect(page.getByRole('status')).toBeVisible();
  // Back in the queue, after the others of its age: other tests fill more than its first page.
  await expect((await inReviewQueue(page, title!)).getByText(/Faltan fotos del estado real/)).toBeVisible();
  await page.context().close();
});
