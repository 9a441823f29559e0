import type { ListChange } from '../../db/list-changes.ts';
import { VersionedCache } from '../../db/list-versions.ts';
import type { DB } from '../../db/schema.ts';
import { publicationsTracker } from './list-dependencies.ts';
import { readPublicationsVersion } from './list-repository.ts';
import { findWithFiles, type PublicationWithFiles } from './repository.ts';

// A publication's page is read far more often than it changes, and on PostgreSQL reading it (the row with its author
// and its images, one statement: findWithFiles) costs a round trip on every visit, twice per page with the purchase
// options. The rows read are remembered at the publications list's version, like the list's answers (decision 010): a
// process that sees a newer version keeps only those that no logged change since touched (this publication, its
// images, its author's card), so every process answers exactly what the database holds after each write.

export type StoredPublication = PublicationWithFiles;

type Identity = { id: string; author: string | null };

/** Whether `change` may alter what was read of the publication `id` (written by `author`; null: not found). */
export function touches({ id, author }: Identity, change: ListChange): boolean {
  switch (change.kind) {
    case 'reset':
      return true;
    case 'files':
      return change.id === id;
    case 'author':
      return change.id === author;
    case 'publication':
      return change.before?.id === id || change.after?.id === id;
  }
}

/** Publications remembered per process: a few thousand rows of a few kilobytes at most. */
const CAPACITY = 5_000;
const MAX_BYTES = 6 * 1024 * 1024;

export type PublicationReads = {
  /** The publication with its author and its images' URLs, as the database holds it now; undefined if none. */
  read: (id: string) => Promise<StoredPublication | undefined>;
  /**
   * The publications `ids` (those that exist) as of `version` or newer, read by a list page: the remembered ones from
   * memory, the others from `reads` (whose rows are at least as new as `version`) in one query and its images' one,
   * then remembered. A write changes a list's page, seldom its cards: its new page is mostly cards already read.
   */
  readMany: (ids: readonly string[], version: number, reads: DB) => Promise<Map<string, StoredPublication>>;
};

function createPublicationReads(db: DB): PublicationReads {
  const tracker = publicationsTracker(db);
  const cache = new VersionedCache<StoredPublication | undefined, Identity>(
    CAPACITY,
    MAX_BYTES,
    { changes: tracker.changes, affects: touches },
    'publication-reads',
  );
  return {
    async read(id) {
      // The version first: rows read after it are at least as new (list-versions.ts).
      const version = await readPublicationsVersion(db);
      return cache.get(version, id, async () => {
        const [value] = await findWithFiles(db, [id]);
        return { value, deps: { id, author: value?.row.created_by ?? null } };
      });
    },
    async readMany(ids, version, reads) {
      const found = new Map<string, StoredPublication>();
      const missing: string[] = [];
      for (const id of ids) {
        const stored = await cache.peek(version, id);
        if (stored === undefined) missing.push(id);
        else found.set(id, stored);
      }
      if (missing.length === 0) return found;
      for (const stored of await findWithFiles(reads, missing)) {
        const { row } = stored;
        found.set(row.id, stored);
        await cache.set(
          version,
          row.id,
          Promise.resolve({ value: stored, deps: { id: row.id, author: row.created_by } }),
        );
      }
      return found;
    },
  };
}

const readsOf = new WeakMap<DB, PublicationReads>();

/** The one remembering reader of publications of database `db`, shared by the modules of a process. */
export function publicationReadsOf(db: DB): PublicationReads {
  let reads = readsOf.get(db);
  if (reads === undefined) {
    reads = createPublicationReads(db);
    readsOf.set(db, reads);
  }
  return reads;
}
