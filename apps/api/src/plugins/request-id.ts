import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Request ids are this process's random prefix (48 bits, drawn at start) and a counter: unique across processes and
 * restarts like a UUID, without drawing random bytes on every request.
 */
const PROCESS_PREFIX = randomBytes(6).toString('hex');
let counter = 0;

/** A fresh request id of this process. */
export function newRequestId(): string {
  counter += 1;
  return `${PROCESS_PREFIX}-${counter.toString(36)}`;
}

/** Reuses a caller's x-request-id when it is sane (a proxy's trace id), otherwise a fresh one. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : newRequestId();
}
