import { expect, test } from '../support/test.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/database.ts';
import { signInAs } from '../support/session.ts';
import { E2E_DATA_DIR, E2E_MERCADOPAGO_URL } from '../support/server.ts';

// A demo seller of products (Mendoza) and a demo buyer.
const SELLER = 'valentina.quiroga@ecoanuncios.local';
const BUYER = 'diego.albornoz@ecoanuncios.local';
const PRODUCT = 'Cepillos de dientes de bambú, pack de 4';
// A seller with a WhatsApp number (the cart needs one) and their product.
const CART_SELLER = 'martin.gomez@ecoanuncios.local';
const CART_PRODUCT = 'Bolsas reutilizables de algodón crudo';

async function publicationId(title: string): Promise<string> {
  const database = createDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }));
  try {
    const row = await database.db
      .selectFrom('publications')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await database.close();
  }
}

test('a seller connects Mercado Pago, a buyer pays, both see the deal, the seller disconnects', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const id = await publicationId(PRODUCT);

  // 1. The seller connects the account from settings and comes back connected.
  const sellerContext = await browser.newContext();
  await signInAs(sellerContext, SELLER);
  const seller = await sellerContext.newPage();
  await seller.goto('/dashboard/settings');
  const card = seller.getByRole('region', { name: 'Vender con Mercado Pago' });
  await card.getByRole('button', { name: 'Conectar Mercado Pago' }).click();
  await expect(seller).toHaveURL(/\/dashboard\/settings$/);
  await expect(card.getByText('Cuenta de Mercado Pago conectada')).toBeVisible();
  await expect(card.getByText(/VALEN\.ECO · desde \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  // 2. A guest sees the button and is sent to sign in; the buyer pays and comes back approved.
  const buyerContext = await browser.newContext();
  const guest = await buyerContext.newPage();
  await guest.goto(`/publications/${id}`);
  await guest.getByRole('button', { name: 'Comprar con Mercado Pago' }).click();
  await expect(guest).toHaveURL(
    new RegExp(`/auth\\?redirectTo=${encodeURIComponent(`/publications/${id}`)}`),
  );
  await signInAs(buyerContext, BUYER);
  const buyer = guest;
  await buyer.goto(`/publications/${id}`);
  await buyer.getByRole('textbox', { name: 'Cantidad' }).fill('2');
  await buyer.getByRole('button', { name: 'Comprar con Mercado Pago' }).click();
  await expect(buyer).toHaveURL(/\/orders\/[\w-]+\?.*payment_id=\d+/);
  await expect(buyer.getByText('¡Pago aprobado!')).toBeVisible();
  await expect(buyer.getByRole('main').getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(buyer.getByRole('main').getByText(/2 × \$\s4\.800,00 = \$\s9\.600,00/)).toBeVisible();

  // 3. The purchase in shopping, the sale in sales.
  await buyer.getByRole('link', { name: 'Ver mis compras' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/shopping$/);
  const purchase = buyer.getByRole('article', { name: PRODUCT }).first();
  await expect(purchase.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(purchase.getByRole('link', { name: /Valentina/ })).toBeVisible();
  await buyer.getByRole('tab', { name: 'Consultas enviadas' }).click();
  await expect(buyer).toHaveURL(/tab=contacts/);

  await seller.goto('/dashboard/sales');
  const sale = seller.getByRole('article', { name: PRODUCT }).first();
  await expect(sale.getByText('Aprobado', { exact: true })).toBeVisible();
  await expect(sale.getByRole('link', { name: /Diego/ })).toBeVisible();

  // A card that fails: the buyer comes back to a rejected payment, the seller hears of no sale.
  await buyer.route(`${E2E_MERCADOPAGO_URL}/checkout/**`, (route) =>
    route.continue({ url: `${route.request().url()}&status=rejected` }),
  );
  await buyer.goto(`/publications/${id}`);
  await buyer.getByRole('button', { name: 'Comprar con Mercado Pago' }).click();
  await expect(buyer.getByText('Pago rechazado')).toBeVisible();
  await expect(buyer.getByText(/no se te cobró nada/i)).toBeVisible();
  await buyer.unroute(`${E2E_MERCADOPAGO_URL}/checkout/**`);

  // 4. The seller disconnects, with confirmation: the buy button is gone.
  await seller.goto('/dashboard/settings');
  await card.getByRole('button', { name: 'Desconectar' }).click();
  await seller.getByRole('dialog').getByRole('button', { name: 'Desconectar' }).click();
  await expect(card.getByRole('button', { name: 'Conectar Mercado Pago' })).toBeVisible();
  await buyer.goto(`/publications/${id}`);
  await expect(buyer.getByRole('heading', { name: PRODUCT })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Comprar con Mercado Pago' })).toHaveCount(0);

  await sellerContext.close();
  await buyerContext.close();
});

test('the cart records a contact on the way to WhatsApp: the seller sees it in Consultas recibidas', async ({
  browser,
}) => {
  const id = await publicationId(CART_PRODUCT);
  const guestContext = await browser.newContext();
  // WhatsApp itself is not part of the test: its tab gets an empty page.
  await guestContext.route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await guestContext.route('https://api.whatsapp.com/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  const guest = await guestContext.newPage();
  await guest.goto(`/publications/${id}`);
  await guest.getByRole('button', { name: 'Agregar al carrito' }).click();
  await guest.getByRole('button', { name: /^Carrito de contactos/ }).click();
  // The button posts the cart's record to the site in a new tab, which goes on to WhatsApp (routes/contact.tsx).
  const popup = guestContext.waitForEvent('page');
  await guest
    .getByRole('dialog', { name: 'Carrito de contactos' })
    .getByRole('button', { name: 'Contactar por WhatsApp' })
    .click();
  await (await popup).waitForURL(/^https:\/\/wa\.me\//);
  await (await popup).close().catch(() => undefined);
  await guestContext.close();

  const sellerContext = await browser.newContext();
  await signInAs(sellerContext, CART_SELLER);
  const seller = await sellerContext.newPage();
  await seller.goto('/dashboard/sales?tab=contacts');
  await expect(seller.getByText('Un visitante').first()).toBeVisible();
  await expect(seller.getByRole('link', { name: CART_PRODUCT }).first()).toBeVisible();
  await expect(seller.getByRole('tab', { name: 'Consultas recibidas' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await sellerContext.close();
});
