import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CAPTCHA_PROVIDERS, SESSION_LIFETIME_MS, type CaptchaProvider } from '@eco/domain';
import { secretKeyFromDataDir } from './secret-key-file.ts';
import { DATABASE_HOLD_MS } from './db/holding-pool.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = (typeof NODE_ENVS)[number];

export type Config = {
  port: number;
  host: string;
  /** Absolute directory holding the SQLite file and the media. */
  dataDir: string;
  /** Absolute directory of the local media storage, served at /media/ (unused with mediaS3). */
  mediaDir: string;
  /** The S3-compatible bucket that holds the media instead of mediaDir; null: the local folder. */
  mediaS3: MediaS3Config | null;
  /** Base URL (no trailing slash) browsers load media from (a CDN or public bucket); undefined: /media/ here. */
  mediaPublicUrl: string | undefined;
  /** PostgreSQL URL; undefined means the embedded SQLite database in dataDir. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only: a direct connection (never through a transaction-pooling PgBouncer) for what needs a session of
   * its own: LISTEN and the migrations' advisory lock. DATABASE_LISTEN_URL, or databaseUrl; undefined on SQLite.
   */
  databaseListenUrl: string | undefined;
  /**
   * PostgreSQL only: a read-only connection to a streaming replica (DATABASE_READ_URL) for the lists' reads, used
   * once it has replayed what they must show (db/replica-reads.ts); undefined: the primary reads everything.
   */
  databaseReadUrl: string | undefined;
  /**
   * PostgreSQL only: how long a statement that never reached the database (restarting, failing over) waits for it
   * before its request gets the 503 (DATABASE_HOLD_MS; db/holding-pool.ts).
   */
  databaseHoldMs: number;
  /** Worker threads that run the lists' reads on SQLite, each with its own connection. */
  sqliteReaders: number;
  /** Public address without a trailing slash, for e-mails and share links. */
  publicUrl: string;
  demoContent: boolean;
  nodeEnv: NodeEnv;
  isProduction: boolean;
  logLevel: LogLevel;
  /** Absolute directory of the React Router build (server/ and client/). */
  webBuildDir: string;
  donation: { sponsorUrl: string; bankAlias: string; bankHolder: string };
  sessionLifetimeMs: number;
  /** SMTP server URL (smtp:// or smtps://); undefined writes every e-mail to outboxDir instead. */
  smtpUrl: string | undefined;
  /** Sender of every e-mail, as a From header value. */
  mailFrom: string;
  /** Absolute directory where e-mails are written when no SMTP server is configured. */
  outboxDir: string;
  /** Largest image upload accepted (the client's message names 10 MB). */
  mediaMaxBytes: number;
  activationTokenLifetimeMs: number;
  resetTokenLifetimeMs: number;
  /** Attempts per window on the account routes: `max` per e-mail address, `ipMax` per client address. */
  rateLimit: { max: number; ipMax: number; windowMs: number };
  /** Fastify's trustProxy: whether (or which) reverse proxies' X-Forwarded-* headers are believed. */
  trustProxy: boolean | string;
  /**
   * Server secret from which signing keys are derived (e-mail unsubscribe links, captcha challenges) and with which
   * guests' addresses are hashed for reports.
   */
  secretKey: string;
  /** Interval of the heartbeat comments of the notifications stream. */
  sseHeartbeatMs: number;
  /** Bearer token that opens /metrics; undefined: /metrics answers 404 and nothing is measured. */
  metricsToken: string | undefined;
  /** On SIGTERM, how long /api/ready answers 503 while everything else is still served, before closing. */
  shutdownDrainMs: number;
  /** At start-up, how long to wait for the database to answer before giving up (0: no waiting). */
  databaseWaitMs: number;
  /** The job queue's longest idle sleep: how late a job queued by another process may start (decision 036). */
  jobsPollMs: number;
  /**
   * Where this process runs the job queue. `thread` (PostgreSQL's default, decision 052): on a thread of its own at
   * a lower CPU priority, with its own connections and mailer; `on` (SQLite's, whose one writing connection is the
   * main thread's): beside the requests; `off` (decision 051): not at all, and what it queues waits for a process
   * that runs it (at most `jobsPollMs`); only with PostgreSQL, where other processes can.
   */
  jobsWorker: JobsWorker;
  assistant: {
    /** Questions per client address and minute. */
    rateLimitMax: number;
    /** The optional OpenAI-compatible language model that rephrases replies; undefined: templates alone. */
    languageModel: { url: string; model: string; key: string | undefined } | undefined;
  };
  captcha: CaptchaConfig;
  /** Open reports from different reporters that send a published publication back to review. */
  reportsToHide: number;
  /** Mercado Pago marketplace application; null when online payments are not enabled on this site. */
  mercadoPago: MercadoPagoConfig | null;
  push: PushConfig;
  /** The maps' base style (MAP_STYLE_URL); null: outlines and markers only, no request leaves the site. */
  mapStyleUrl: string | null;
  /** Origins the map's style loads from (its own and MAP_ORIGINS), allowed by the CSP's connect-src. */
  mapOrigins: string[];
  /** The address search of the publication form (GEOCODER_URL); null: off, points come from links, map or GPS. */
  geocoder: GeocoderConfig | null;
};

export type JobsWorker = 'thread' | 'on' | 'off';

/** A Nominatim-compatible search service (decision 050). */
export type GeocoderConfig = {
  /** Its base URL; `/search` is asked under it. */
  url: string;
  /** Sent as Nominatim's `email` parameter (its usage policy asks for a contact on heavy use); optional. */
  email: string | undefined;
  /** The least time between two requests to it, across every server process (the public instance: 1 s). */
  intervalMs: number;
};

/** Web Push (decision 038). */
export type PushConfig = {
  /** The configured VAPID key pair (base64url); null: generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** The VAPID `sub` claim: how the push services reach the operator (mailto: or https:). */
  subject: string;
  /** Tests only: lets push endpoints on loopback addresses through (a local push service). */
  allowLoopback: boolean;
};

export type MediaS3Config = {
  bucket: string;
  /** An S3-compatible server's URL; undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the AWS SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, Ceph, most self-hosted). */
  forcePathStyle: boolean;
};

export type CaptchaConfig = {
  provider: CaptchaProvider;
  /** reCAPTCHA v3 only. */
  recaptcha: { siteKey: string; secretKey: string; minScore: number; verifyUrl: string } | null;
};

export type MercadoPagoConfig = {
  clientId: string;
  clientSecret: string;
  /** Authorization page host; undefined picks the seller's country's (auth.mercadopago.com.ar / .com.co). */
  authUrl: string | undefined;
  /** REST API base, without a trailing slash. */
  apiUrl: string;
  /** Secret of the webhook signatures (x-signature). */
  webhookSecret: string;
  /** Share of each sale kept by the marketplace, 0 to 50. */
  feePercent: number;
};

export type Env = Readonly<Record<string, string | undefined>>;

/** Every problem of the environment at once, so an operator fixes them in one go. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export const DEFAULT_SPONSOR_URL = 'https://www.mercadopago.com.ar/subscriptions';
export const DEFAULT_VAPID_SUBJECT = 'mailto:no-responder@ecoanuncios.org';
export const DEFAULT_MAIL_FROM = 'EcoAnuncios <no-responder@ecoanuncios.org>';
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const ACTIVATION_TOKEN_LIFETIME_MS = 48 * 3_600_000;
export const RESET_TOKEN_LIFETIME_MS = 3_600_000;
export const RATE_LIMIT_MAX = 10;
export const RATE_LIMIT_WINDOW_MS = 15 * 60_000;
/** Many people can share one address (a household, an office, a mobile carrier): the per-address limit is wider. */
export const RATE_LIMIT_IP_FACTOR = 3;
/** Development only: in production SECRET_KEY is required with PostgreSQL and generated into DATA_DIR otherwise. */
export const DEVELOPMENT_SECRET_KEY = 'ecoanuncios-development-secret-key-not-for-production';
export const SECRET_KEY_MIN_LENGTH = 32;
export const SSE_HEARTBEAT_MS = 20_000;
export const METRICS_TOKEN_MIN_LENGTH = 16;
export const DATABASE_WAIT_MS = 60_000;
/** A reminder queued by another process starts within this (the issue allows two minutes). */
export const JOBS_POLL_MS = 30_000;
export const ASSISTANT_RATE_LIMIT_MAX = 30;
export const REPORTS_TO_HIDE = 3;
export const RECAPTCHA_MIN_SCORE = 0.5;
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** OpenFreeMap's public OpenStreetMap vector style: free, keyless, and its tiles, fonts and sprites on one origin. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
export const GEOCODER_INTERVAL_MS = 1000;
export const DEFAULT_MERCADOPAGO_API_URL = 'https://api.mercadopago.com';
const MERCADOPAGO_VARIABLES = [
  'MERCADOPAGO_CLIENT_ID',
  'MERCADOPAGO_CLIENT_SECRET',
  'MERCADOPAGO_WEBHOOK_SECRET',
] as const;
const DEFAULT_WEB_BUILD_DIR = path.resolve(import.meta.dirname, '../../web/build');

const isHttpUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
};

const isPostgresUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'postgres:' || protocol === 'postgresql:') && hostname !== '';
};

const isSmtpUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'smtp:' || protocol === 'smtps:') && hostname !== '';
};

/** 'Name <address>' or a bare address: one line, with an @ in it. */
const isMailbox = (value: string): boolean =>
  /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(value);

const IP_OR_CIDR = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$/i;

const quoted = (value: string): string => JSON.stringify(value);

const port = z
  .string()
  .regex(/^\d+$/, {
    error: (issue) => `must be an integer between 0 and 65535, got ${quoted(String(issue.input))}`,
  })
  .transform(Number)
  .refine((value) => value <= 65_535, { error: 'must be an integer between 0 and 65535' });

const nonEmpty = z.string().trim().min(1, { error: 'must not be blank' });

const postgresUrl = z.string().refine(isPostgresUrl, { error: 'must be a postgres:// or postgresql:// URL' });
const httpUrl = z.string().refine(isHttpUrl, {
  error: (issue) => `must be an absolute http:// or https:// URL, got ${quoted(String(issue.input))}`,
});

const switchValue = z.string().transform((value, context) => {
  const normalized = value.trim().toLowerCase();
  if (['on', 'true', '1'].includes(normalized)) return true;
  if (['off', 'false', '0'].includes(normalized)) return false;
  context.addIssue({
    code: 'custom',
    message: `must be one of on, true, 1, off, false, 0, got ${quoted(value)}`,
  });
  return z.NEVER;
});

const jobsWorkerValue = z.string().transform((value, context): JobsWorker => {
  const normalized = value.trim().toLowerCase();
  if (normalized === 'thread') return 'thread';
  if (['on', 'true', '1'].includes(normalized)) return 'on';
  if (['off', 'false', '0'].includes(normalized)) return 'off';
  context.addIssue({
    code: 'custom',
    message: `must be thread, on or off, got ${quoted(value)}`,
  });
  return z.NEVER;
});

const positiveInteger = (unit: string) =>
  z
    .string()
    .regex(/^\d+$/, {
      error: (issue) => `must be a positive integer (${unit}), got ${quoted(String(issue.input))}`,
    })
    .transform(Number)
    .refine((value) => value > 0 && Number.isSafeInteger(value), { error: 'must be greater than 0' });

const milliseconds = positiveInteger('milliseconds');
/** Milliseconds where 0 means "not at all". */
const optionalMilliseconds = z
  .string()
  .regex(/^\d+$/, {
    error: (issue) => `must be 0 or a positive integer (milliseconds), got ${quoted(String(issue.input))}`,
  })
  .transform(Number)
  .refine((value) => Number.isSafeInteger(value), { error: 'must be a safe integer' });
const attempts = positiveInteger('attempts');
const jobsPoll = optionalMilliseconds.refine((value) => value >= 50 && value <= 60_000, {
  error: 'must be between 50 and 60000 milliseconds',
});

/** One reader thread per core, two at most: a cold search on one leaves the other to the next (decision 021). */
const defaultSqliteReaders = () => Math.min(2, availableParallelism());

const trustProxyValue = z.string().transform((value, context): boolean | string => {
  const normalized = value.trim().toLowerCase();
  if (['on', 'true'].includes(normalized)) return true;
  if (['off', 'false'].includes(normalized)) return false;
  const addresses = normalized.split(',').map((address) => address.trim());
  if (addresses.every((address) => IP_OR_CIDR.test(address))) return addresses.join(',');
  context.addIssue({
    code: 'custom',
    message: `must be on, off, or a comma-separated list of proxy addresses or subnets, got ${quoted(value)}`,
  });
  return z.NEVER;
});

/**
 * Reads and validates the environment. Empty strings count as unset, as in most container setups.
 * Throws a ConfigError naming every bad variable.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  function read<T>(name: string, schema: z.ZodType<T, string>, fallback: T): T {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    for (const issue of result.error.issues) problems.push(`${name} ${issue.message}`);
    return fallback;
  }

  const listenPort = read('PORT', port, 3000);
  const host = read('HOST', nonEmpty, '0.0.0.0');
  const dataDir = path.resolve(process.cwd(), read('DATA_DIR', nonEmpty, './data'));
  const databaseUrl = read<string | undefined>(
    'DATABASE_URL',
    z.string().refine(isPostgresUrl, {
      error:
        'must be a postgres:// or postgresql:// URL (leave it unset to use the embedded SQLite database)',
    }),
    undefined,
  );
  // SQLite ignores it: one process owns the file, and its signals stay in the process.
  const databaseListenUrl =
    databaseUrl === undefined ? undefined : read('DATABASE_LISTEN_URL', postgresUrl, databaseUrl);
  const databaseReadUrl =
    databaseUrl === undefined
      ? undefined
      : read<string | undefined>('DATABASE_READ_URL', postgresUrl, undefined);
  const databaseHoldMs = read('DATABASE_HOLD_MS', milliseconds, DATABASE_HOLD_MS);
  const sqliteReaders = read('SQLITE_READERS', positiveInteger('threads'), defaultSqliteReaders());
  const publicUrl = read('PUBLIC_URL', httpUrl, `http://localhost:${listenPort}`).replace(/\/+$/, '');
  const demoContent = read('DEMO_CONTENT', switchValue, true);
  const logLevel = read(
    'LOG_LEVEL',
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }),
    'info',
  );
  const nodeEnv = read(
    'NODE_ENV',
    z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` }),
    'development',
  );
  const sponsorUrl = read('SPONSOR_URL', httpUrl, DEFAULT_SPONSOR_URL);
  const bankAlias = read(
    'DONATION_BANK_ALIAS',
    z.string().regex(/^[A-Za-z0-9.-]{6,20}$/, {
      error: 'must be a bank alias of 6 to 20 letters, digits, dots or hyphens',
    }),
    'ecoanuncios.verde',
  );
  const bankHolder = read('DONATION_BANK_HOLDER', nonEmpty, 'EcoAnuncios');
  const sessionLifetimeMs = read('SESSION_LIFETIME_MS', milliseconds, SESSION_LIFETIME_MS);
  const webBuildDir = path.resolve(process.cwd(), read('WEB_BUILD_DIR', nonEmpty, DEFAULT_WEB_BUILD_DIR));
  const smtpUrl = read<string | undefined>(
    'SMTP_URL',
    z.string().refine(isSmtpUrl, {
      error: 'must be an smtp:// or smtps:// URL (leave it unset to write e-mails to DATA_DIR/outbox)',
    }),
    undefined,
  );
  const mailFrom = read(
    'MAIL_FROM',
    z
      .string()
      .trim()
      .refine(isMailbox, {
        error: (issue) => `must be an address or 'Name <address>', got ${quoted(String(issue.input))}`,
      }),
    DEFAULT_MAIL_FROM,
  );
  const activationTokenLifetimeMs = read(
    'ACTIVATION_TOKEN_LIFETIME_MS',
    milliseconds,
    ACTIVATION_TOKEN_LIFETIME_MS,
  );
  const resetTokenLifetimeMs = read('RESET_TOKEN_LIFETIME_MS', milliseconds, RESET_TOKEN_LIFETIME_MS);
  const rateLimitMax = read('RATE_LIMIT_MAX', attempts, RATE_LIMIT_MAX);
  const rateLimitIpMax = read('RATE_LIMIT_IP_MAX', attempts, rateLimitMax * RATE_LIMIT_IP_FACTOR);
  const rateLimitWindowMs = read('RATE_LIMIT_WINDOW_MS', milliseconds, RATE_LIMIT_WINDOW_MS);
  const trustProxy = read('TRUST_PROXY', trustProxyValue, false);
  const secretKey = read<string | undefined>(
    'SECRET_KEY',
    z.string().min(SECRET_KEY_MIN_LENGTH, {
      error: `must be at least ${SECRET_KEY_MIN_LENGTH} characters long (e.g. \`openssl rand -base64 48\`)`,
    }),
    undefined,
  );
  // One embedded database means one server: it may keep a generated key in DATA_DIR. Processes sharing a
  // PostgreSQL database must share one key, which only the operator can give them.
  if (secretKey === undefined && nodeEnv === 'production' && databaseUrl !== undefined) {
    problems.push('SECRET_KEY must be set in production with DATABASE_URL (e.g. `openssl rand -base64 48`)');
  }
  const sseHeartbeatMs = read('SSE_HEARTBEAT_MS', milliseconds, SSE_HEARTBEAT_MS);
  const metricsToken = read<string | undefined>(
    'METRICS_TOKEN',
    z.string().regex(new RegExp(`^[\\x21-\\x7e]{${METRICS_TOKEN_MIN_LENGTH},}$`), {
      error: `must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces (e.g. \`openssl rand -hex 32\`)`,
    }),
    undefined,
  );
  const shutdownDrainMs = read('SHUTDOWN_DRAIN_MS', optionalMilliseconds, 0);
  const databaseWaitMs = read('DATABASE_WAIT_MS', optionalMilliseconds, DATABASE_WAIT_MS);
  const jobsPollMs = read('JOBS_POLL_MS', jobsPoll, JOBS_POLL_MS);
  const jobsWorker = read<JobsWorker>(
    'JOBS_WORKER',
    jobsWorkerValue,
    databaseUrl === undefined ? 'on' : 'thread',
  );
  if (jobsWorker === 'off' && databaseUrl === undefined) {
    problems.push(
      'JOBS_WORKER=off needs DATABASE_URL: with the embedded SQLite database this one process must run the job queue',
    );
  }
  if (jobsWorker === 'thread' && databaseUrl === undefined) {
    problems.push(
      "JOBS_WORKER=thread needs DATABASE_URL: the embedded SQLite database's writes all go through the main thread",
    );
  }
  const assistantRateLimitMax = read('ASSISTANT_RATE_LIMIT_MAX', attempts, ASSISTANT_RATE_LIMIT_MAX);
  const languageModelUrl = read<string | undefined>('ASSISTANT_LLM_URL', httpUrl, undefined);
  const languageModelName = read<string | undefined>('ASSISTANT_LLM_MODEL', nonEmpty, undefined);
  const languageModelKey = read<string | undefined>('ASSISTANT_LLM_KEY', nonEmpty, undefined);
  if (languageModelUrl !== undefined && languageModelName === undefined) {
    problems.push('ASSISTANT_LLM_MODEL must be set when ASSISTANT_LLM_URL is (the model to ask for)');
  }

  const captchaProvider = read(
    'CAPTCHA_PROVIDER',
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(CAPTCHA_PROVIDERS, { error: `must be one of ${CAPTCHA_PROVIDERS.join(', ')}` })),
    'altcha',
  );
  const recaptchaSiteKey = read<string | undefined>('RECAPTCHA_SITE_KEY', nonEmpty, undefined);
  const recaptchaSecretKey = read<string | undefined>('RECAPTCHA_SECRET_KEY', nonEmpty, undefined);
  const recaptchaMinScore = read(
    'RECAPTCHA_MIN_SCORE',
    z
      .string()
      .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a number between 0 and 1, e.g. 0.5' })
      .transform(Number),
    RECAPTCHA_MIN_SCORE,
  );
  const recaptchaVerifyUrl = read('RECAPTCHA_VERIFY_URL', httpUrl, RECAPTCHA_VERIFY_URL);
  if (captchaProvider === 'recaptcha') {
    if (recaptchaSiteKey === undefined)
      problems.push('RECAPTCHA_SITE_KEY must be set when CAPTCHA_PROVIDER=recaptcha');
    if (recaptchaSecretKey === undefined) {
      problems.push('RECAPTCHA_SECRET_KEY must be set when CAPTCHA_PROVIDER=recaptcha');
    }
  }
  const reportsToHide = read('REPORTS_TO_HIDE', positiveInteger('reports'), REPORTS_TO_HIDE);

  const mercadoPago = readMercadoPago();
  const mediaS3 = readMediaS3();
  const mediaPublicUrl = read<string | undefined>('MEDIA_PUBLIC_URL', httpUrl, undefined)?.replace(
    /\/+$/,
    '',
  );
  const push = readPush();
  const mapStyle = read(
    'MAP_STYLE_URL',
    z.string().refine((value) => value.trim().toLowerCase() === 'off' || isHttpUrl(value), {
      error: (issue) =>
        `must be off or an absolute http:// or https:// URL, got ${quoted(String(issue.input))}`,
    }),
    DEFAULT_MAP_STYLE_URL,
  );
  const mapStyleUrl = mapStyle.trim().toLowerCase() === 'off' ? null : mapStyle;
  const mapExtraOrigins = read<string[]>(
    'MAP_ORIGINS',
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .refine((origins) => origins.every(isHttpUrl), {
        error: (issue) =>
          `must be comma-separated http:// or https:// origins, got ${quoted(String(issue.input))}`,
      })
      .transform((origins) => origins.map((origin) => new URL(origin).origin)),
    [],
  );

  const geocoderUrl = read<string | undefined>('GEOCODER_URL', httpUrl, undefined);
  const geocoderEmail = read<string | undefined>(
    'GEOCODER_EMAIL',
    z.email({ error: 'must be an e-mail address' }),
    undefined,
  );
  const geocoderIntervalMs = read('GEOCODER_INTERVAL_MS', optionalMilliseconds, GEOCODER_INTERVAL_MS);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: listenPort,
    host,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    mediaS3,
    mediaPublicUrl,
    databaseUrl,
    databaseListenUrl,
    databaseReadUrl,
    databaseHoldMs,
    sqliteReaders,
    publicUrl,
    demoContent,
    nodeEnv,
    isProduction: nodeEnv === 'production',
    logLevel,
    webBuildDir,
    donation: { sponsorUrl, bankAlias, bankHolder },
    sessionLifetimeMs,
    smtpUrl,
    mailFrom,
    outboxDir: path.join(dataDir, 'outbox'),
    mediaMaxBytes: MEDIA_MAX_BYTES,
    activationTokenLifetimeMs,
    resetTokenLifetimeMs,
    rateLimit: { max: rateLimitMax, ipMax: rateLimitIpMax, windowMs: rateLimitWindowMs },
    trustProxy,
    secretKey:
      secretKey ?? (nodeEnv === 'production' ? secretKeyFromDataDir(dataDir) : DEVELOPMENT_SECRET_KEY),
    sseHeartbeatMs,
    metricsToken,
    shutdownDrainMs,
    databaseWaitMs,
    jobsPollMs,
    jobsWorker,
    assistant: {
      rateLimitMax: assistantRateLimitMax,
      languageModel:
        languageModelUrl !== undefined && languageModelName !== undefined
          ? { url: languageModelUrl, model: languageModelName, key: languageModelKey }
          : undefined,
    },
    captcha: {
      provider: captchaProvider,
      recaptcha:
        captchaProvider === 'recaptcha' && recaptchaSiteKey !== undefined && recaptchaSecretKey !== undefined
          ? {
              siteKey: recaptchaSiteKey,
              secretKey: recaptchaSecretKey,
              minScore: recaptchaMinScore,
              verifyUrl: recaptchaVerifyUrl,
            }
          : null,
    },
    reportsToHide,
    mercadoPago,
    push,
    mapStyleUrl,
    mapOrigins: mapStyleUrl === null ? [] : [...new Set([new URL(mapStyleUrl).origin, ...mapExtraOrigins])],
    geocoder:
      geocoderUrl === undefined
        ? null
        : { url: geocoderUrl.replace(/\/+$/, ''), email: geocoderEmail, intervalMs: geocoderIntervalMs },
  };

  /** MEDIA_S3_BUCKET turns the bucket on; the other MEDIA_S3_* variables without it are a mistake. */
  function readMediaS3(): MediaS3Config | null {
    const bucket = read<string | undefined>(
      'MEDIA_S3_BUCKET',
      z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      }),
      undefined,
    );
    const endpoint = read<string | undefined>('MEDIA_S3_ENDPOINT', httpUrl, undefined);
    const region = read('MEDIA_S3_REGION', nonEmpty, 'us-east-1');
    const accessKeyId = read<string | undefined>('MEDIA_S3_ACCESS_KEY_ID', nonEmpty, undefined);
    const secretAccessKey = read<string | undefined>('MEDIA_S3_SECRET_ACCESS_KEY', nonEmpty, undefined);
    const forcePathStyle = read('MEDIA_S3_FORCE_PATH_STYLE', switchValue, endpoint !== undefined);
    if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
      problems.push(
        'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY must be set together (or neither)',
      );
    }
    if (bucket === undefined) {
      const stray = ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'].filter(
        (name) => (env[name] ?? '') !== '',
      );
      const named = (env.MEDIA_S3_BUCKET ?? '') !== '';
      if (stray.length > 0 && !named) problems.push(`${stray.join(', ')} set without MEDIA_S3_BUCKET`);
      return null;
    }
    return {
      bucket,
      endpoint: endpoint?.replace(/\/+$/, ''),
      region,
      credentials:
        accessKeyId !== undefined && secretAccessKey !== undefined
          ? { accessKeyId, secretAccessKey }
          : undefined,
      forcePathStyle,
    };
  }

  /**
   * Both VAPID keys or none. Without them the first process generates a pair and keeps it in the database, where
   * every other process on it finds the same one (decision 038).
   */
  function readPush(): PushConfig {
    const vapidKey = z.string().regex(/^[A-Za-z0-9_-]{40,100}$/, {
      error: 'must be a base64url key (e.g. from `npx web-push generate-vapid-keys`)',
    });
    const publicKey = read<string | undefined>('VAPID_PUBLIC_KEY', vapidKey, undefined);
    const privateKey = read<string | undefined>('VAPID_PRIVATE_KEY', vapidKey, undefined);
    if ((publicKey === undefined) !== (privateKey === undefined)) {
      problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    }
    const subject = read(
      'VAPID_SUBJECT',
      z.string().regex(/^(mailto:|https:\/\/)\S+$/, { error: 'must be a mailto: or https:// URL' }),
      DEFAULT_VAPID_SUBJECT,
    );
    return {
      vapid: publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : null,
      subject,
      allowLoopback: read('PUSH_ALLOW_LOOPBACK', switchValue, false),
    };
  }

  /** All three credentials or none: half a configuration would fail only when a buyer pays. */
  function readMercadoPago(): MercadoPagoConfig | null {
    const [clientId, clientSecret, webhookSecret] = MERCADOPAGO_VARIABLES.map((name) =>
      read<string | undefined>(name, nonEmpty, undefined),
    );
    const authUrl = read<string | undefined>('MERCADOPAGO_AUTH_URL', httpUrl, undefined);
    const apiUrl = read('MERCADOPAGO_API_URL', httpUrl, DEFAULT_MERCADOPAGO_API_URL);
    const feePercent = read(
      'MARKETPLACE_FEE_PERCENT',
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, { error: 'must be a number between 0 and 50 (a percentage)' })
        .transform(Number)
        .refine((value) => value <= 50, { error: 'must be a number between 0 and 50 (a percentage)' }),
      0,
    );
    if (clientId === undefined && clientSecret === undefined && webhookSecret === undefined) return null;
    if (clientId === undefined || clientSecret === undefined || webhookSecret === undefined) {
      problems.push(`${MERCADOPAGO_VARIABLES.join(', ')} must be set together (or none of them)`);
      return null;
    }
    return {
      clientId,
      clientSecret,
      webhookSecret,
      authUrl: authUrl?.replace(/\/+$/, ''),
      apiUrl: apiUrl.replace(/\/+$/, ''),
      feePercent,
    };
  }
}
