import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../db/database.ts';
import { createLogger } from '../../logger.ts';
import { queueHandlers } from '../../queue-handlers.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createMediaStorage } from '../media/create-storage.ts';
import { queuePauses } from './pacer.ts';
import type { QueueThreadData, QueueThreadReport, QueueThreadRequest } from './queue-thread.ts';
import { readLoad } from './shared-load.ts';
import { createJobWorker } from './worker.ts';

// The queue thread of JOBS_WORKER=thread (queue-thread.ts, decision 052): lowers its own CPU priority, then runs the
// process's job worker with connections, a mailer and a media storage of its own, until the main thread asks it to
// stop. The operating system gives the requests' thread the cores first; the statements the thread sends run in the
// database at the requests' priority, so it paces its work by the main thread's load, read from shared memory
// (decision 057).

const { config, nice, load } = workerData as QueueThreadData;
const port = parentPort!;
const log = createLogger(config).child({ thread: 'queue' });

/**
 * Linux keeps a nice value per thread, set through the thread's id (setpriority(2) with PRIO_PROCESS). Raising one's
 * own needs no privilege. Elsewhere (no /proc/thread-self) the thread keeps the process's priority.
 */
function lowerPriority(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    setPriority(tid, Math.min(19, getPriority(tid) + nice));
    return getPriority(tid);
  } catch (error) {
    log.warn({ err: error }, 'Could not lower the job queue thread’s CPU priority');
    return undefined;
  }
}

/**
 * Counts the thread's e-mails (and its waits for the requests, pacer.ts) for the process's /metrics, reported once a
 * second rather than per message.
 */
function reportedMailer(mailer: Mailer): { mailer: Mailer; flush: () => void } {
  let sent = 0;
  let failed = 0;
  let pausedReported = 0;
  const flush = () => {
    const paused = queuePauses.seconds - pausedReported;
    if (paused > 0) {
      port.postMessage({ type: 'paused', seconds: paused } satisfies QueueThreadReport);
      pausedReported += paused;
    }
    if (sent === 0 && failed === 0) return;
    port.postMessage({ type: 'emails', sent, failed } satisfies QueueThreadReport);
    sent = 0;
    failed = 0;
  };
  const timer = setInterval(flush, 1000);
  timer.unref();
  return {
    flush,
    mailer: {
      async send(message) {
        try {
          await mailer.send(message);
        } catch (error) {
          failed += 1;
          throw error;
        }
        sent += 1;
      },
      close: async () => {
        clearInterval(timer);
        await mailer.close();
      },
    },
  };
}

const lowered = lowerPriority();
const database = createDatabase(config, { logger: log });
const mail = reportedMailer(
  createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger: log }),
);
const worker = createJobWorker({
  db: database.db,
  dialect: database.dialect,
  handlers: queueHandlers(
    {
      db: database.db,
      dialect: database.dialect,
      mailer: mail.mailer,
      storage: createMediaStorage(config),
      publicUrl: config.publicUrl,
      secretKey: config.secretKey,
    },
    () => worker.wake(),
  ),
  log,
  pollMs: config.jobsPollMs,
  load: load === undefined ? undefined : () => readLoad(load),
});

port.on('message', (request: QueueThreadRequest) => {
  if (request.type === 'wake') {
    worker.wake();
    return;
  }
  port.removeAllListeners('message');
  void (async () => {
    await worker.stop();
    await mail.mailer.close();
    mail.flush();
    await database.close();
    // Whatever handle a library left open (an idle socket), the thread is done: this ends it, not the process.
    process.exit(0);
  })();
});

worker.start();
port.postMessage({ type: 'started', nice: lowered } satisfies QueueThreadReport);
