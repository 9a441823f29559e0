import type { ListChange } from '../../db/list-changes.ts';
import { VersionedCache } from '../../db/list-versions.ts';
import type { DB } from '../../db/schema.ts';
import { publicationsTracker } from './list-dependencies.ts';
import { readPublicationsVersion } from './list-repository.ts';
import { findFileUrls, findPublication, type PublicationWithAuthor } from './repository.ts';

// A publication's page is read far more often than it changes, and on PostgreSQL its two queries (the row with its
// author, the images) cost a round trip each on every visit, twice per page with the purchase options. The rows read
// are remembered at the publications list's version, like the list's answers (decision 010): a process that sees a
// newer version keeps only those that no logged change since touched (this publication, its images, its author's
// card), so every process answers exactly what the database holds after each write.

export type StoredPublication = { row: PublicationWithAuthor; files: string[] };

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
        const [row, files] = await Promise.all([findPublication(db, id), findFileUrls(db, [id])]);
        const value = row === undefined ? undefined : { row, files: files.get(id) ?? [] };
        return { value, deps: { id, author: row?.created_by ?? null } };
      });
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
