import { sql, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/dialect-of.ts';
import type { DB, NewPublication, PublicationRow, PublicationUpdate } from '../../db/schema.ts';

export type PublicationWithAuthor = PublicationRow & {
  author_name: string;
  author_picture_url: string | null;
  author_phone: string | null;
  /** 0 while the author is suspended (or deactivated): their publications are not public then. */
  author_is_active: number;
  author_rating_count: number;
  author_rating_sum: number;
};

const PUBLICATION_COLUMNS = [
  'p.id',
  'p.typed',
  'p.title',
  'p.description',
  'p.calendared_at',
  'p.calendared_until',
  'p.quantity',
  'p.price',
  'p.discount_rate',
  'p.location_address',
  'p.location_url',
  'p.location_country',
  'p.location_province',
  'p.location_city',
  'p.location_lat',
  'p.location_lng',
  'p.public_lat',
  'p.public_lng',
  'p.location_exact',
  'p.opening_hours',
  'p.labels',
  'p.status',
  'p.captcha_verified',
  'p.review_note',
  'p.created_by',
  'p.created_at',
  'p.updated_at',
  'p.revision',
  'p.interested_count',
] as const;

/** Publications with the author's public data, as `p`. */
export function selectWithAuthor(db: DB) {
  return (
    db
      .selectFrom('publications as p')
      .innerJoin('users as u', 'u.id', 'p.created_by')
      .select(PUBLICATION_COLUMNS)
      .select([
        'u.name as author_name',
        'u.picture_url as author_picture_url',
        'u.phone as author_phone',
        'u.is_active as author_is_active',
      ])
      // The author's rating totals (kept on the user row by the ratings module), for the stars of cards and detail.
      .select(['u.rating_count as author_rating_count', 'u.rating_sum as author_rating_sum'])
  );
}

export async function findPublication(db: DB, id: string): Promise<PublicationWithAuthor | undefined> {
  return selectWithAuthor(db).where('p.id', '=', id).executeTakeFirst();
}

/** The image URLs of each publication, in their order. */
export async function findFileUrls(db: DB, ids: readonly string[]): Promise<Map<string, string[]>> {
  const files = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return files;
  const rows = await db
    .selectFrom('publication_files')
    .select(['publication_id', 'url'])
    .where('publication_id', 'in', ids)
    .orderBy('publication_id')
    .orderBy('position')
    .execute();
  for (const row of rows) files.get(row.publication_id)?.push(row.url);
  return files;
}

/** Publications with their author and their images' URLs (in their order): what a card or a page shows. */
export type PublicationWithFiles = { row: PublicationWithAuthor; files: string[] };

/**
 * The publications `ids` (those that exist) with their images, in one statement: the images as a JSON array of
 * each row, where a second query cost a round trip of its own on every first read of a page's cards or a map's pins.
 */
export async function findWithFiles(db: DB, ids: readonly string[]): Promise<PublicationWithFiles[]> {
  if (ids.length === 0) return [];
  const urls: RawBuilder<string[] | string> =
    dialectOf(db) === 'postgres'
      ? sql<string[]>`(select coalesce(json_agg(f.url order by f.position), '[]'::json)
          from publication_files as f where f.publication_id = p.id)`
      : sql<string>`(select json_group_array(f.url order by f.position)
          from publication_files as f where f.publication_id = p.id)`;
  const rows = await selectWithAuthor(db).select(urls.as('file_urls')).where('p.id', 'in', ids).execute();
  return rows.map(({ file_urls: files, ...row }) => ({
    row,
    // node-postgres parses json; SQLite answers its text.
    files: typeof files === 'string' ? (JSON.parse(files) as string[]) : files,
  }));
}

/** The rows of a publication's images, in their order. */
function fileRows(id: string, urls: readonly string[]) {
  return urls.map((url, position) => ({ publication_id: id, position, url }));
}

async function insertFiles(db: DB, id: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db.insertInto('publication_files').values(fileRows(id, urls)).execute();
}

async function replaceFiles(db: DB, id: string, urls: readonly string[]): Promise<void> {
  await db.deleteFrom('publication_files').where('publication_id', '=', id).execute();
  await insertFiles(db, id, urls);
}

/** Work done in the same transaction after the write, e.g. the notifications the write causes. */
export type AlsoInTransaction = (trx: DB) => Promise<void>;

// A write's round trips each wait behind the readers' answers on a busy server's event loop: on PostgreSQL a write
// that needs nothing else is one statement, which is a transaction of its own (no begin and commit), and the images
// are inserted by the same statement as their publication. SQLite's statements do not leave the process: one
// transaction, as before.

export async function insertPublication(
  db: DB,
  row: NewPublication,
  urls: readonly string[],
  also?: AlsoInTransaction,
): Promise<void> {
  if (also === undefined && urls.length > 0 && dialectOf(db) === 'postgres') {
    // The images' foreign keys are checked at the statement's end, when the publication of the WITH is written.
    await db
      .with('publication', (trx) => trx.insertInto('publications').values(row))
      .insertInto('publication_files')
      .values(fileRows(row.id, urls))
      .execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('publications').values(row).execute();
    await insertFiles(trx, row.id, urls);
    await also?.(trx);
  });
}

/**
 * Applies the changes, and replaces the images when `urls` is given. Every change raises the revision (the calendar
 * file's SEQUENCE, migration 0020).
 */
export async function updatePublication(
  db: DB,
  id: string,
  changes: PublicationUpdate,
  urls?: readonly string[],
  also?: AlsoInTransaction,
): Promise<void> {
  const update = (trx: DB) =>
    trx
      .updateTable('publications')
      .set((eb) => ({ ...changes, revision: eb('revision', '+', 1) }))
      .where('id', '=', id)
      .execute();
  if (urls === undefined && also === undefined) {
    await update(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await update(trx);
    if (urls !== undefined) await replaceFiles(trx, id, urls);
    await also?.(trx);
  });
}

/** Deletes the publication (its image rows cascade). */
export async function deletePublication(db: DB, id: string): Promise<void> {
  await db.deleteFrom('publications').where('id', '=', id).execute();
}
