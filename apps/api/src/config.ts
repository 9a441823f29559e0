import path from 'node:path';
import { z } from 'zod';
import { SESSION_LIFETIME_MS } from '@eco/domain';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = (typeof NODE_ENVS)[number];

export type Config = {
  port: number;
  host: string;
  /** Absolute directory holding the SQLite file and the media. */
  dataDir: string;
  /** Absolute directory served at /media/. */
  mediaDir: string;
  /** PostgreSQL URL; undefined means the embedded SQLite database in dataDir. */
  databaseUrl: string | undefined;
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

const quoted = (value: string): string => JSON.stringify(value);

const port = z
  .string()
  .regex(/^\d+$/, {
    error: (issue) => `must be an integer between 0 and 65535, got ${quoted(String(issue.input))}`,
  })
  .transform(Number)
  .refine((value) => value <= 65_535, { error: 'must be an integer between 0 and 65535' });

const nonEmpty = z.string().trim().min(1, { error: 'must not be blank' });

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

const positiveInteger = z
  .string()
  .regex(/^\d+$/, {
    error: (issue) => `must be a positive integer (milliseconds), got ${quoted(String(issue.input))}`,
  })
  .transform(Number)
  .refine((value) => value > 0, { error: 'must be greater than 0' });

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
  const sessionLifetimeMs = read('SESSION_LIFETIME_MS', positiveInteger, SESSION_LIFETIME_MS);
  const webBuildDir = path.resolve(process.cwd(), read('WEB_BUILD_DIR', nonEmpty, DEFAULT_WEB_BUILD_DIR));

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: listenPort,
    host,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl,
    publicUrl,
    demoContent,
    nodeEnv,
    isProduction: nodeEnv === 'production',
    logLevel,
    webBuildDir,
    donation: { sponsorUrl, bankAlias, bankHolder },
    sessionLifetimeMs,
  };
}
