import type { Logger } from 'pino';
import type { LogLevel } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';

/** The app's logger (same redaction), keeping every entry in memory, parsed, so tests can assert what was logged. */
export function captureLogs(logLevel: LogLevel = 'info'): {
  logger: Logger;
  entries: Record<string, unknown>[];
} {
  const entries: Record<string, unknown>[] = [];
  const logger = createLogger(
    { logLevel },
    { write: (line: string) => entries.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, entries };
}
