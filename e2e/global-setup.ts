import { createServer } from 'node:http';
import { startMercadoPagoStandIn } from '../apps/api/test/helpers/mercadopago-stand-in.ts';
import { startNominatimStandIn } from '../apps/api/test/helpers/nominatim-stand-in.ts';
import { startInbox } from '../apps/api/test/helpers/smtp-inbox.ts';
import { E2E_MAILBOX_PORT, E2E_SMTP_PORT } from './support/mailbox.ts';
import { E2E_MERCADOPAGO_PORT, E2E_NOMINATIM_PORT } from './support/server.ts';

/**
 * A real SMTP server for the app under test, and a small JSON window on what it received, so that tests in
 * their worker processes can read the e-mails and follow their links.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const inbox = await startInbox({ port: E2E_SMTP_PORT });
  const mailbox = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = to ? inbox.messages.filter((mail) => mail.to.includes(to)) : inbox.messages;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => mailbox.listen(E2E_MAILBOX_PORT, '127.0.0.1', resolve));
  // Mercado Pago for the server under test (see playwright.config.ts): authorization, tokens, checkout, webhooks.
  const mercadoPago = await startMercadoPagoStandIn({ port: E2E_MERCADOPAGO_PORT });
  mercadoPago.seller = { id: '202809963', nickname: 'VALEN.ECO' };
  // The geocoder of the form's "Buscar la dirección" (GEOCODER_URL in playwright.config.ts).
  const nominatim = await startNominatimStandIn({ port: E2E_NOMINATIM_PORT });
  return async () => {
    await nominatim.close();
    await mercadoPago.close();
    await new Promise((resolve) => mailbox.close(resolve));
    await inbox.close();
  };
}
