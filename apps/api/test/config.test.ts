import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_LIFETIME_MS } from '@eco/domain';
import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_TOKEN_LIFETIME_MS,
  ConfigError,
  DEFAULT_MAIL_FROM,
  DEFAULT_MAP_STYLE_URL,
  DEFAULT_MERCADOPAGO_API_URL,
  DEFAULT_SPONSOR_URL,
  DEVELOPMENT_SECRET_KEY,
  loadConfig,
  MEDIA_MAX_BYTES,
  RESET_TOKEN_LIFETIME_MS,
  SECRET_KEY_MIN_LENGTH,
  type Env,
} from '../src/config.ts';
import { SECRET_KEY_FILE } from '../src/secret-key-file.ts';

function problemsOf(env: Env): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig: media in a bucket', () => {
  it('reads the MEDIA_S3_* variables, path-style by default with an endpoint', () => {
    const config = loadConfig({
      MEDIA_S3_BUCKET: 'eco-media',
      MEDIA_S3_ENDPOINT: 'https://s3.example.net/',
      MEDIA_S3_REGION: 'sa-east-1',
      MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_PUBLIC_URL: 'https://cdn.example.net/eco/',
    });
    expect(config.mediaS3).toEqual({
      bucket: 'eco-media',
      endpoint: 'https://s3.example.net',
      region: 'sa-east-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config.mediaPublicUrl).toBe('https://cdn.example.net/eco');
    // AWS itself: virtual-hosted style, the SDK's credential chain, the default region.
    expect(loadConfig({ MEDIA_S3_BUCKET: 'eco-media' }).mediaS3).toEqual({
      bucket: 'eco-media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ MEDIA_S3_BUCKET: 'eco-media', MEDIA_S3_FORCE_PATH_STYLE: 'on' }).mediaS3?.forcePathStyle,
    ).toBe(true);
  });

  it('names every wrong media variable', () => {
    expect(
      problemsOf({
        MEDIA_S3_BUCKET: 'Eco_Media',
        MEDIA_S3_ENDPOINT: 'ftp://s3.example.net',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        MEDIA_PUBLIC_URL: 'cdn.example.net',
      }),
    ).toEqual([
      'MEDIA_S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      'MEDIA_S3_ENDPOINT must be an absolute http:// or https:// URL, got "ftp://s3.example.net"',
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY must be set together (or neither)',
      'MEDIA_PUBLIC_URL must be an absolute http:// or https:// URL, got "cdn.example.net"',
    ]);
    expect(problemsOf({ MEDIA_S3_ENDPOINT: 'https://s3.example.net' })).toEqual([
      'MEDIA_S3_ENDPOINT set without MEDIA_S3_BUCKET',
    ]);
  });
});

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    const config = loadConfig({});

    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(process.cwd(), 'data'),
      mediaDir: path.resolve(process.cwd(), 'data', 'media'),
      mediaS3: null,
      mediaPublicUrl: undefined,
      databaseUrl: undefined,
      databaseListenUrl: undefined,
      databaseReadUrl: undefined,
      databaseHoldMs: 10_000,
      sqliteReaders: Math.min(2, availableParallelism()),
      publicUrl: 'http://localhost:3000',
      demoContent: true,
      nodeEnv: 'development',
      isProduction: false,
      logLevel: 'info',
      webBuildDir: path.resolve(import.meta.dirname, '../../web/build'),
      donation: {
        sponsorUrl: DEFAULT_SPONSOR_URL,
        bankAlias: 'ecoanuncios.verde',
        bankHolder: 'EcoAnuncios',
      },
      sessionLifetimeMs: SESSION_LIFETIME_MS,
      smtpUrl: undefined,
      mailFrom: DEFAULT_MAIL_FROM,
      outboxDir: path.resolve(process.cwd(), 'data', 'outbox'),
      mediaMaxBytes: MEDIA_MAX_BYTES,
      activationTokenLifetimeMs: ACTIVATION_TOKEN_LIFETIME_MS,
      resetTokenLifetimeMs: RESET_TOKEN_LIFETIME_MS,
      rateLimit: { max: 10, ipMax: 30, windowMs: 900_000 },
      trustProxy: false,
      secretKey: DEVELOPMENT_SECRET_KEY,
      captcha: { provider: 'altcha', recaptcha: null },
      reportsToHide: 3,
      mercadoPago: null,
      push: { vapid: null, subject: 'mailto:no-responder@ecoanuncios.org', allowLoopback: false },
      sseHeartbeatMs: 20_000,
      metricsToken: undefined,
      shutdownDrainMs: 0,
      databaseWaitMs: 60_000,
      jobsPollMs: 30_000,
      jobsWorker: 'on',
      assistant: { rateLimitMax: 30, languageModel: undefined },
      mapStyleUrl: DEFAULT_MAP_STYLE_URL,
      mapOrigins: ['https://tiles.openfreemap.org'],
      geocoder: null,
    });
    expect(DEFAULT_MAIL_FROM).toBe('EcoAnuncios <no-responder@ecoanuncios.org>');
    expect(MEDIA_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(ACTIVATION_TOKEN_LIFETIME_MS).toBe(48 * 3_600_000);
    expect(RESET_TOKEN_LIFETIME_MS).toBe(3_600_000);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4100',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/eco',
      DATABASE_URL: 'postgresql://eco:secret@db.internal:5432/eco',
      PUBLIC_URL: 'https://ecoanuncios.example/',
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      SPONSOR_URL: 'https://pagos.example/planes/eco',
      DONATION_BANK_ALIAS: 'eco.verde.ar',
      DONATION_BANK_HOLDER: 'Fundación Verde',
      SESSION_LIFETIME_MS: '500',
      WEB_BUILD_DIR: 'dist/web',
      SMTP_URL: 'smtps://eco:secret@mail.example:465',
      MAIL_FROM: 'Eco Verde <hola@eco.example>',
      ACTIVATION_TOKEN_LIFETIME_MS: '60000',
      RESET_TOKEN_LIFETIME_MS: '30000',
      RATE_LIMIT_MAX: '4',
      RATE_LIMIT_IP_MAX: '7',
      RATE_LIMIT_WINDOW_MS: '1000',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      SECRET_KEY: 's'.repeat(40),
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'sitio',
      RECAPTCHA_SECRET_KEY: 'secreto',
      RECAPTCHA_MIN_SCORE: '0.7',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
      REPORTS_TO_HIDE: '5',
      SQLITE_READERS: '3',
      SSE_HEARTBEAT_MS: '15000',
      METRICS_TOKEN: 'm'.repeat(32),
      SHUTDOWN_DRAIN_MS: '5000',
      DATABASE_WAIT_MS: '0',
      JOBS_WORKER: 'off',
      MERCADOPAGO_CLIENT_ID: '123',
      MERCADOPAGO_CLIENT_SECRET: 'client-secret',
      MERCADOPAGO_WEBHOOK_SECRET: 'webhook-secret',
      MERCADOPAGO_AUTH_URL: 'https://auth.mercadopago.com.co/',
      MERCADOPAGO_API_URL: 'https://api.example/',
      MARKETPLACE_FEE_PERCENT: '7.5',
    });

    expect(config).toMatchObject({
      port: 4100,
      host: '127.0.0.1',
      dataDir: '/srv/eco',
      mediaDir: '/srv/eco/media',
      databaseUrl: 'postgresql://eco:secret@db.internal:5432/eco',
      sqliteReaders: 3,
      publicUrl: 'https://ecoanuncios.example',
      demoContent: false,
      isProduction: true,
      logLevel: 'silent',
      webBuildDir: path.resolve(process.cwd(), 'dist/web'),
      donation: {
        sponsorUrl: 'https://pagos.example/planes/eco',
        bankAlias: 'eco.verde.ar',
        bankHolder: 'Fundación Verde',
      },
      sessionLifetimeMs: 500,
      smtpUrl: 'smtps://eco:secret@mail.example:465',
      mailFrom: 'Eco Verde <hola@eco.example>',
      outboxDir: '/srv/eco/outbox',
      activationTokenLifetimeMs: 60_000,
      resetTokenLifetimeMs: 30_000,
      rateLimit: { max: 4, ipMax: 7, windowMs: 1000 },
      trustProxy: '10.0.0.0/8,192.168.1.1',
      secretKey: 's'.repeat(40),
      captcha: {
        provider: 'recaptcha',
        recaptcha: {
          siteKey: 'sitio',
          secretKey: 'secreto',
          minScore: 0.7,
          verifyUrl: 'http://127.0.0.1:9/siteverify',
        },
      },
      reportsToHide: 5,
      sseHeartbeatMs: 15_000,
      metricsToken: 'm'.repeat(32),
      shutdownDrainMs: 5000,
      databaseWaitMs: 0,
      jobsPollMs: 30_000,
      jobsWorker: 'off',
      mercadoPago: {
        clientId: '123',
        clientSecret: 'client-secret',
        webhookSecret: 'webhook-secret',
        authUrl: 'https://auth.mercadopago.com.co',
        apiUrl: 'https://api.example',
        feePercent: 7.5,
      },
    });
  });

  it('reads the geocoder: off unless GEOCODER_URL is set, paced at one request a second by default', () => {
    expect(loadConfig({}).geocoder).toBeNull();
    expect(loadConfig({ GEOCODER_URL: 'https://nominatim.openstreetmap.org/' }).geocoder).toEqual({
      url: 'https://nominatim.openstreetmap.org',
      email: undefined,
      intervalMs: 1000,
    });
    expect(
      loadConfig({
        GEOCODER_URL: 'http://127.0.0.1:8080/nominatim',
        GEOCODER_EMAIL: 'mapas@example.org',
        GEOCODER_INTERVAL_MS: '0',
      }).geocoder,
    ).toEqual({ url: 'http://127.0.0.1:8080/nominatim', email: 'mapas@example.org', intervalMs: 0 });
    expect(problemsOf({ GEOCODER_URL: 'nominatim' })).toEqual([
      'GEOCODER_URL must be an absolute http:// or https:// URL, got "nominatim"',
    ]);
    expect(problemsOf({ GEOCODER_EMAIL: 'mapas' })).toEqual(['GEOCODER_EMAIL must be an e-mail address']);
  });

  it('reads the map style: off draws no base map, a style brings its origin and MAP_ORIGINS into the CSP', () => {
    expect(loadConfig({ MAP_STYLE_URL: 'off' })).toMatchObject({ mapStyleUrl: null, mapOrigins: [] });
    expect(
      loadConfig({
        MAP_STYLE_URL: 'https://mapas.example/estilo.json',
        MAP_ORIGINS: 'https://teselas.example/planet, https://fuentes.example',
      }),
    ).toMatchObject({
      mapStyleUrl: 'https://mapas.example/estilo.json',
      mapOrigins: ['https://mapas.example', 'https://teselas.example', 'https://fuentes.example'],
    });
    expect(problemsOf({ MAP_STYLE_URL: 'mapas.example' })).toEqual([
      'MAP_STYLE_URL must be off or an absolute http:// or https:// URL, got "mapas.example"',
    ]);
    expect(problemsOf({ MAP_ORIGINS: 'ftp://x' })).toEqual([
      'MAP_ORIGINS must be comma-separated http:// or https:// origins, got "ftp://x"',
    ]);
  });

  it('refuses half a Mercado Pago setup and a fee out of range', () => {
    expect(problemsOf({ MERCADOPAGO_CLIENT_ID: '1' })).toEqual([
      'MERCADOPAGO_CLIENT_ID, MERCADOPAGO_CLIENT_SECRET, MERCADOPAGO_WEBHOOK_SECRET must be set together (or none of them)',
    ]);
    expect(problemsOf({ MARKETPLACE_FEE_PERCENT: '60' })).toEqual([
      'MARKETPLACE_FEE_PERCENT must be a number between 0 and 50 (a percentage)',
    ]);
    expect(
      loadConfig({
        MERCADOPAGO_CLIENT_ID: '1',
        MERCADOPAGO_CLIENT_SECRET: '2',
        MERCADOPAGO_WEBHOOK_SECRET: '3',
      }).mercadoPago,
    ).toEqual({
      clientId: '1',
      clientSecret: '2',
      webhookSecret: '3',
      authUrl: undefined,
      apiUrl: DEFAULT_MERCADOPAGO_API_URL,
      feePercent: 0,
    });
  });

  it('refuses production on PostgreSQL without SECRET_KEY and a short one anywhere; development has a default', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/eco' })).toEqual([
      'SECRET_KEY must be set in production with DATABASE_URL (e.g. `openssl rand -base64 48`)',
    ]);
    expect(problemsOf({ SECRET_KEY: 'short' })[0]).toMatch(/^SECRET_KEY must be at least 32 characters long/);
    expect(loadConfig({}).secretKey).toBe(DEVELOPMENT_SECRET_KEY);
  });

  it('keeps a generated key in DATA_DIR for a production server on the embedded database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'eco-config-'));
    try {
      const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).secretKey;
      expect(first.length).toBeGreaterThanOrEqual(SECRET_KEY_MIN_LENGTH);
      expect(first).not.toBe(DEVELOPMENT_SECRET_KEY);
      // The same key on every start, in a file only its owner reads.
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).secretKey).toBe(first);
      const file = path.join(dataDir, SECRET_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // An explicit SECRET_KEY wins.
      expect(
        loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(40) }).secretKey,
      ).toBe('k'.repeat(40));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('derives the per-address attempt limit from the per-e-mail one, and reads TRUST_PROXY switches', () => {
    expect(loadConfig({ RATE_LIMIT_MAX: '5' }).rateLimit).toEqual({ max: 5, ipMax: 15, windowMs: 900_000 });
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ MAIL_FROM: 'avisos@eco.example' }).mailFrom).toBe('avisos@eco.example');
  });

  it('derives the public URL from the port and treats empty values as unset', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ PORT: '', DATABASE_URL: '', DEMO_CONTENT: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demoContent: true,
    });
  });

  it('runs the job queue on a thread with PostgreSQL, beside the requests with SQLite, or not at all', () => {
    const postgres = 'postgres://db.example/eco';
    expect(loadConfig({}).jobsWorker).toBe('on');
    expect(loadConfig({ DATABASE_URL: postgres }).jobsWorker).toBe('thread');
    expect(loadConfig({ DATABASE_URL: postgres, JOBS_WORKER: 'off' }).jobsWorker).toBe('off');
    expect(loadConfig({ DATABASE_URL: postgres, JOBS_WORKER: 'on' }).jobsWorker).toBe('on');
    expect(loadConfig({ DATABASE_URL: postgres, JOBS_WORKER: ' Thread ' }).jobsWorker).toBe('thread');
    expect(loadConfig({ JOBS_WORKER: 'true' }).jobsWorker).toBe('on');
    expect(problemsOf({ JOBS_WORKER: 'off' })).toEqual([
      'JOBS_WORKER=off needs DATABASE_URL: with the embedded SQLite database this one process must run the job queue',
    ]);
    expect(problemsOf({ JOBS_WORKER: 'thread' })).toEqual([
      "JOBS_WORKER=thread needs DATABASE_URL: the embedded SQLite database's writes all go through the main thread",
    ]);
    expect(problemsOf({ DATABASE_URL: postgres, JOBS_WORKER: 'sometimes' })).toEqual([
      'JOBS_WORKER must be thread, on or off, got "sometimes"',
    ]);
  });

  it('accepts the switch spellings of DEMO_CONTENT', () => {
    for (const value of ['on', 'true', '1', 'ON', 'True'])
      expect(loadConfig({ DEMO_CONTENT: value }).demoContent).toBe(true);
    for (const value of ['off', 'false', '0', 'OFF'])
      expect(loadConfig({ DEMO_CONTENT: value }).demoContent).toBe(false);
  });

  it('reports every bad variable at once, each by name', () => {
    const problems = problemsOf({
      PORT: 'http',
      HOST: '   ',
      DATABASE_URL: 'mysql://localhost/eco',
      PUBLIC_URL: 'ftp://example.com',
      DEMO_CONTENT: 'maybe',
      LOG_LEVEL: 'verbose',
      NODE_ENV: 'staging',
      SPONSOR_URL: 'not a url',
      DONATION_BANK_ALIAS: 'a b',
      DONATION_BANK_HOLDER: ' ',
      SESSION_LIFETIME_MS: '-5',
      WEB_BUILD_DIR: ' ',
      DATA_DIR: ' ',
      SMTP_URL: 'http://mail.example',
      MAIL_FROM: 'nobody',
      ACTIVATION_TOKEN_LIFETIME_MS: 'soon',
      RESET_TOKEN_LIFETIME_MS: '0',
      RATE_LIMIT_MAX: 'many',
      RATE_LIMIT_IP_MAX: '-1',
      RATE_LIMIT_WINDOW_MS: '1.5',
      TRUST_PROXY: 'everyone',
      SQLITE_READERS: '0',
      METRICS_TOKEN: 'short',
      SHUTDOWN_DRAIN_MS: '-1',
      DATABASE_WAIT_MS: 'forever',
    });

    const names = problems.map((problem) => problem.split(' ')[0]);
    expect(new Set(names)).toEqual(
      new Set([
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'PUBLIC_URL',
        'DEMO_CONTENT',
        'LOG_LEVEL',
        'NODE_ENV',
        'SPONSOR_URL',
        'DONATION_BANK_ALIAS',
        'DONATION_BANK_HOLDER',
        'SESSION_LIFETIME_MS',
        'WEB_BUILD_DIR',
        'SMTP_URL',
        'MAIL_FROM',
        'ACTIVATION_TOKEN_LIFETIME_MS',
        'RESET_TOKEN_LIFETIME_MS',
        'RATE_LIMIT_MAX',
        'RATE_LIMIT_IP_MAX',
        'RATE_LIMIT_WINDOW_MS',
        'TRUST_PROXY',
        'SQLITE_READERS',
        'METRICS_TOKEN',
        'SHUTDOWN_DRAIN_MS',
        'DATABASE_WAIT_MS',
      ]),
    );
    expect(problems).toContain(
      'METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 32`)',
    );
    expect(problems).toContain(
      'DATABASE_WAIT_MS must be 0 or a positive integer (milliseconds), got "forever"',
    );
    expect(problems).toContain(
      'SMTP_URL must be an smtp:// or smtps:// URL (leave it unset to write e-mails to DATA_DIR/outbox)',
    );
    expect(problems).toContain('RATE_LIMIT_MAX must be a positive integer (attempts), got "many"');
    expect(problems).toContain('SQLITE_READERS must be greater than 0');
    expect(problems).toContain(
      'TRUST_PROXY must be on, off, or a comma-separated list of proxy addresses or subnets, got "everyone"',
    );
    expect(problems).toContain('PORT must be an integer between 0 and 65535, got "http"');
    expect(problems).toContain(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset to use the embedded SQLite database)',
    );
    expect(problems).toContain('DEMO_CONTENT must be one of on, true, 1, off, false, 0, got "maybe"');
    expect(problems).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  });

  it('rejects an out-of-range port and a zero session lifetime, in a readable message', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be an integer between 0 and 65535']);
    expect(problemsOf({ SESSION_LIFETIME_MS: '0' })).toEqual(['SESSION_LIFETIME_MS must be greater than 0']);
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      /^Invalid configuration:\n {2}- PORT .*\n {2}- LOG_LEVEL /,
    );
  });
});
