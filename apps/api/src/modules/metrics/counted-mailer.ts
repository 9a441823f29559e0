import type { Mailer } from '../mail/mailer.ts';
import type { Metrics } from './registry.ts';

/** The mailer, counting each message sent or failed (the mailer itself logs them). */
export function countedMailer(mailer: Mailer, metrics: Pick<Metrics, 'email'>): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.email('failed');
        throw error;
      }
      metrics.email('sent');
    },
    close: () => mailer.close(),
  };
}
