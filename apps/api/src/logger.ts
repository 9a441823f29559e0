import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/** One structured logger for the server and its start-up; credentials never reach the logs. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
