// Which errors mean "the database cannot be reached right now" rather than "this request is wrong": a restarted or
// failed-over primary ends the connections (57P01 admin_shutdown, 57P02, 57P03 cannot_connect_now), the network or a
// PgBouncer drops them (class 08, socket errors), the pool cannot open one in time, or the writes land on a standby
// promoted away (25006). The request that met one gets a 503 (the next one opens a new connection); see decision 040.

/** SQLSTATE codes and classes of an unreachable or restarting server. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
const UNAVAILABLE_CLASSES = ['08'];
/** Node's socket errors. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres and Kysely's driver say without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Postgres connection has been discarded',
];

function isUnavailable(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    if (UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
}

/** Whether `error` (or one of its causes) says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (isUnavailable(current)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a statement meets once this process has closed its database (a shutdown: Kysely destroyed, the pool ended,
 * the SQLite file closed). A request still running then, often for a client already gone, ends with the closing 503
 * instead of an unexpected error. Apart from isDatabaseUnavailable: a closed database is not waited for.
 */
const CLOSED_MESSAGES = [
  'driver has already been destroyed',
  'Cannot use a pool after calling end on the pool',
];
const CLOSED_SQLITE_MESSAGES = ['database is not open', 'statement has been finalized'];

export function isDatabaseClosed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (CLOSED_MESSAGES.includes(error.message)) return true;
  const code = (error as { code?: unknown }).code;
  return code === 'ERR_INVALID_STATE' && CLOSED_SQLITE_MESSAGES.includes(error.message);
}
