import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A data folder of its own, emptied before each run by the e2e npm script. */
export const E2E_DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url));
/** The loopback Mercado Pago stand-in of the tests (started by the global setup); never the real one. */
export const E2E_MERCADOPAGO_PORT = Number(
  process.env.E2E_MERCADOPAGO_PORT ?? Number(process.env.E2E_MAILBOX_PORT ?? 3326) + 1,
);
export const E2E_MERCADOPAGO_URL = `http://127.0.0.1:${E2E_MERCADOPAGO_PORT}`;
/** The loopback Nominatim stand-in behind the form's "Buscar la dirección" (started by the global setup). */
export const E2E_NOMINATIM_PORT = Number(process.env.E2E_NOMINATIM_PORT ?? E2E_MERCADOPAGO_PORT + 1);
export const E2E_NOMINATIM_URL = `http://127.0.0.1:${E2E_NOMINATIM_PORT}`;
