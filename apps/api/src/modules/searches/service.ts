import { randomUUID } from 'node:crypto';
import { formatNear, type Point, type User } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { MAX_SAVED_SEARCHES, SEARCH_NOT_FOUND_MESSAGE, TOO_MANY_SEARCHES_MESSAGE } from './messages.ts';
import {
  bboxOf,
  deleteOwnSearch,
  findOwnSearch,
  insertSearchWithin,
  listOwnSearches,
  updateOwnSearch,
  type SavedSearchRow,
} from './repository.ts';
import type { CreateSearchBody, SavedSearchJson, UpdateSearchBody } from './schemas.ts';

// A member's saved searches (decision 041). Only their owner reads or changes one: to anybody else, super users
// included, it does not exist (404), like a notification.

type QueryColumns = Pick<
  SavedSearchRow,
  | 'term'
  | 'typed'
  | 'country'
  | 'province'
  | 'city'
  | 'labels'
  | 'bbox_min_lng'
  | 'bbox_min_lat'
  | 'bbox_max_lng'
  | 'bbox_max_lat'
  | 'near_lat'
  | 'near_lng'
  | 'open_now'
>;

function nearOf(row: QueryColumns): Point | null {
  return row.near_lat === null || row.near_lng === null ? null : { lat: row.near_lat, lng: row.near_lng };
}

/** The search as explore's query string, in the order explore's form sends it. */
export function queryOf(row: QueryColumns) {
  const params = new URLSearchParams();
  if (row.term) params.set('term', row.term);
  if (row.typed) params.set('typed', row.typed);
  for (const label of JSON.parse(row.labels) as string[]) params.append('labels', label);
  if (row.country) params.set('country', row.country);
  if (row.province) params.set('province', row.province);
  if (row.city) params.set('city', row.city);
  const near = nearOf(row);
  if (near) params.set('near', formatNear(near));
  const bbox = bboxOf(row);
  if (bbox) params.set('bbox', [bbox.minLng, bbox.minLat, bbox.maxLng, bbox.maxLat].join(','));
  if (row.open_now === 1) params.set('open', 'now');
  return params.toString();
}

export function toSavedSearchJson(row: SavedSearchRow): SavedSearchJson {
  return {
    _id: row.id,
    name: row.name,
    term: row.term,
    typed: row.typed as SavedSearchJson['typed'],
    labels: JSON.parse(row.labels) as string[],
    country: row.country,
    province: row.province,
    city: row.city,
    bbox: bboxOf(row),
    near: nearOf(row),
    open: row.open_now === 1 ? 'now' : null,
    alert: row.alert === 1,
    digest: row.digest === 1,
    query: queryOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createSavedSearchesService(db: DB) {
  async function own(user: User, id: string): Promise<SavedSearchRow> {
    const row = await findOwnSearch(db, user._id, id);
    if (row === undefined) throw new HttpError(404, SEARCH_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    async list(user: User): Promise<{ searches: SavedSearchJson[]; total: number }> {
      const rows = await listOwnSearches(db, user._id);
      return { searches: rows.map(toSavedSearchJson), total: rows.length };
    },

    async create(user: User, body: CreateSearchBody): Promise<SavedSearchJson> {
      const now = new Date().toISOString();
      const row: SavedSearchRow = {
        id: randomUUID(),
        user_id: user._id,
        name: body.name,
        term: body.term || null,
        typed: body.typed ?? null,
        country: body.country ?? null,
        province: body.province ?? null,
        city: body.city ?? null,
        labels: JSON.stringify([...(body.labels ?? [])].sort()),
        bbox_min_lng: body.bbox?.minLng ?? null,
        bbox_min_lat: body.bbox?.minLat ?? null,
        bbox_max_lng: body.bbox?.maxLng ?? null,
        bbox_max_lat: body.bbox?.maxLat ?? null,
        near_lat: body.near?.lat ?? null,
        near_lng: body.near?.lng ?? null,
        open_now: body.open === 'now' ? 1 : 0,
        alert: body.alert === false ? 0 : 1,
        digest: body.digest === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      };
      if (!(await insertSearchWithin(db, row, MAX_SAVED_SEARCHES))) {
        throw new HttpError(409, TOO_MANY_SEARCHES_MESSAGE);
      }
      return toSavedSearchJson(row);
    },

    async update(user: User, id: string, body: UpdateSearchBody): Promise<SavedSearchJson> {
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.alert === undefined ? {} : { alert: Number(body.alert) }),
        ...(body.digest === undefined ? {} : { digest: Number(body.digest) }),
        updated_at: new Date().toISOString(),
      };
      if (!(await updateOwnSearch(db, user._id, id, changes)))
        throw new HttpError(404, SEARCH_NOT_FOUND_MESSAGE);
      return toSavedSearchJson(await own(user, id));
    },

    async remove(user: User, id: string): Promise<void> {
      if (!(await deleteOwnSearch(db, user._id, id))) throw new HttpError(404, SEARCH_NOT_FOUND_MESSAGE);
    },
  };
}
