import { placeNames } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { mimePartOf } from '../mail/mailer.ts';
import type { MediaStorage } from '../media/storage.ts';
import { calendarFileOf } from '../publications/calendar-file.ts';
import { toPublicationJson } from '../publications/mapper.ts';
import { findFileUrls, findPublication, type PublicationWithAuthor } from '../publications/repository.ts';

// What the e-mails to interested members (reminders, changes) say of an event: the row as the database has it now,
// its place in words, and its .ics as a finished MIME part. The .ics is written and encoded once per revision (an
// edit raises it, and with it the SEQUENCE) and attached as it is to every member's e-mail, so a burst of 100,000
// reminders of one event builds it once per process (decision 036).

export type EventMailFile = { row: PublicationWithAuthor; ics: Buffer; place: string };

/** E-mails of a batch in flight at once: enough to keep the SMTP pool's connections busy. */
export const MAIL_CONCURRENCY = 8;

const ICS_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';
/** Events whose file is kept: a burst is one event; a day of reminders, a few events at a time. */
const KEPT_EVENTS = 64;

export type EventFiles = {
  /** The published, dated ones among `ids`, read now; the others are left out. */
  eventsOf(ids: readonly string[]): Promise<Map<string, EventMailFile>>;
};

export function createEventFiles(options: { db: DB; storage: MediaStorage; publicUrl: string }): EventFiles {
  const { db, storage, publicUrl } = options;
  const built = new Map<string, { revision: number; ics: Buffer; place: string }>();

  async function fileOf(row: PublicationWithAuthor): Promise<{ ics: Buffer; place: string }> {
    const kept = built.get(row.id);
    if (kept !== undefined && kept.revision === row.revision) return kept;
    const files = await findFileUrls(db, [row.id]);
    const publication = toPublicationJson(storage, row, files.get(row.id) ?? []);
    const ics = calendarFileOf(publication, row.revision, publicUrl);
    const file = {
      revision: row.revision,
      ics: await mimePartOf({ filename: ics.fileName, content: ics.text, contentType: ICS_TYPE }),
      place: [row.location_address, ...placeNames(publication)].filter(Boolean).join(', '),
    };
    built.delete(row.id);
    built.set(row.id, file);
    if (built.size > KEPT_EVENTS) built.delete(built.keys().next().value as string);
    return file;
  }

  return {
    async eventsOf(ids) {
      const events = new Map<string, EventMailFile>();
      for (const id of ids) {
        const row = await findPublication(db, id);
        if (row === undefined || row.status !== 1 || row.calendared_at === null) continue;
        events.set(id, { row, ...(await fileOf(row)) });
      }
      return events;
    },
  };
}

/** Runs `task` over `items`, `concurrency` at a time, in order of start. */
export async function eachAtMost<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  async function runner(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      await task(items[index] as T, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, runner));
}
