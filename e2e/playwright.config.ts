import { defineConfig, devices } from '@playwright/test';
import { E2E_SMTP_PORT } from './support/mailbox.ts';
import {
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  STAND_IN_WEBHOOK_SECRET,
} from '../apps/api/test/helpers/mercadopago-stand-in.ts';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_MERCADOPAGO_URL,
  E2E_NOMINATIM_URL,
  E2E_PORT,
} from './support/server.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian's Chromium (no browser download is possible here) against the production build, served by the same
// process and command as `npm start`, on its own port and data folder.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Whole flows (sign-up to sign-out, an export and an account deletion) took 26–39 s on a busy 2-core machine whose
  // suite ran 24 min instead of 13: 30 s failed them at random; the longer flows set more themselves.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-AR',
    // The service worker (decision 038) would answer a slow page from its copy after 3 s: the specs see the server
    // itself; pwa.spec.ts lets the worker run.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The places' maps are used mostly on phones: their specs run on a phone's screen and touch too.
    { name: 'phone', testMatch: /places\.spec\.ts$/, use: { ...devices['Pixel 7'], channel: undefined } },
  ],
  webServer: {
    command: 'npm run serve',
    cwd: '..',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      NODE_ENV: 'production',
      // Production refuses to start without one; it signs the e-mails' unsubscribe links and the captcha challenges
      // (the captcha stays on, the default, as users have it).
      SECRET_KEY: 'e2e-secret-key-of-at-least-thirty-two-characters',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // Every test signs up and in from the same address; the limits themselves are covered by the API tests.
      RATE_LIMIT_MAX: '1000',
      ASSISTANT_RATE_LIMIT_MAX: '1000',
      // Test only: Mercado Pago is the loopback stand-in the global setup starts.
      MERCADOPAGO_CLIENT_ID: STAND_IN_CLIENT_ID,
      MERCADOPAGO_CLIENT_SECRET: STAND_IN_CLIENT_SECRET,
      MERCADOPAGO_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      MERCADOPAGO_AUTH_URL: E2E_MERCADOPAGO_URL,
      MERCADOPAGO_API_URL: E2E_MERCADOPAGO_URL,
      MARKETPLACE_FEE_PERCENT: '5',
      // No base map from the network: the maps draw the shipped outlines (issue 24).
      MAP_STYLE_URL: 'off',
      // Test only: the form's address search asks the loopback Nominatim the global setup starts.
      GEOCODER_URL: E2E_NOMINATIM_URL,
      GEOCODER_INTERVAL_MS: '0',
    },
  },
});
