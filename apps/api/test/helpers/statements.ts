import pg from 'pg';
import { vi } from 'vitest';

/** A statement sent to PostgreSQL, with how many others were still waiting for their answer when it was sent. */
export type SentStatement = { text: string; alongside: number };

/** The statements this process sends to PostgreSQL (through node-postgres) while `task` runs. */
export async function statementsSent(task: () => Promise<void>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  let waiting = 0;
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const [config] = args as [string | { text: string }];
    sent.push({ text: typeof config === 'string' ? config : config.text, alongside: waiting });
    waiting += 1;
    const result = (query as (...given: unknown[]) => unknown).apply(this, args);
    const settled = () => {
      waiting -= 1;
    };
    if (result instanceof Promise) result.then(settled, settled);
    else settled();
    return result;
  } as typeof query);
  try {
    await task();
  } finally {
    spy.mockRestore();
  }
  return sent;
}
