import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  normalizeSearchTerms,
  PUBLISHED_STATUS,
  UNPUBLISHED_STATUS,
  type PublicationStatus,
  type User,
} from '@eco/domain';
import { FIELDS, incorrect } from '@eco/domain/schemas/messages';
import type { DB, Dialect, NewPublication, PublicationUpdate } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { FORBIDDEN_MESSAGE } from '../sessions/require-session.ts';
import { createPublicationImages } from './images.ts';
import { toPublicationJson } from './mapper.ts';
import {
  CHANGE_FORBIDDEN_MESSAGE,
  DELETE_FORBIDDEN_MESSAGE,
  PUBLICATION_NOT_FOUND_MESSAGE,
  STATUS_FORBIDDEN_MESSAGE,
} from './messages.ts';
import { createListMemory, listPublications, type ListCriteria } from './list-repository.ts';
import {
  deletePublication,
  findFileUrls,
  findPublication,
  insertPublication,
  updatePublication,
  type PublicationWithAuthor,
} from './repository.ts';
import type {
  ListQuery,
  MyListQuery,
  PublicationForm,
  PublicationJson,
  PublicationPageJson,
  UpdateBody,
} from './schemas.ts';

export type PublicationsDeps = { db: DB; dialect: Dialect; storage: MediaStorage; log: FastifyBaseLogger };

type ContentColumns = Omit<NewPublication, 'id' | 'status' | 'created_by' | 'created_at' | 'updated_at'>;

/** The stored columns of the form's content (everything but the status and the images). */
function contentOf(form: PublicationForm): ContentColumns {
  return {
    typed: form.typed,
    title: form.title,
    description: form.description,
    calendared_at: form.calendaredAt,
    quantity: form.quantity,
    price: form.price,
    discount_rate: form.discountRate,
    location_address: form.locationAddress,
    location_url: form.locationUrl,
    location_country: form.locationCountry,
    location_province: form.locationProvince,
    location_city: form.locationCity,
    labels: JSON.stringify(form.labels),
  };
}

function sameContent(row: PublicationWithAuthor, content: ContentColumns): boolean {
  return (Object.keys(content) as (keyof ContentColumns)[]).every(
    (column) => row[column] === content[column],
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function isAuthor(user: User | null, row: PublicationWithAuthor): boolean {
  return user !== null && user._id === row.created_by;
}

/** Published publications are public; the others only for their author and super users. */
function canSee(user: User | null, row: PublicationWithAuthor): boolean {
  return row.status === PUBLISHED_STATUS || isAuthor(user, row) || user?.isSuperUser === true;
}

function pageOf<T>(items: T[], total: number, page: number, pageSize: number) {
  const totalPages = Math.ceil(total / pageSize);
  return { publications: items, total, totalPages, nextPage: page < totalPages ? page + 1 : null };
}

export function createPublicationsService({ db, dialect, storage, log }: PublicationsDeps) {
  const images = createPublicationImages(db, storage, log);
  const listMemory = createListMemory();

  /** The API shape of a publication; 404 when it does not exist or `visible` says the reader may not see it. */
  async function answer(
    id: string,
    visible: (row: PublicationWithAuthor) => boolean = () => true,
  ): Promise<PublicationJson> {
    const row = await findPublication(db, id);
    if (row === undefined || !visible(row)) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    const files = await findFileUrls(db, [id]);
    return toPublicationJson(storage, row, files.get(id) ?? []);
  }

  async function list(
    criteria: Omit<ListCriteria, 'offset' | 'limit' | 'words'>,
    query: { page: number; pageSize: number; term?: string | undefined },
  ): Promise<PublicationPageJson> {
    const { page, pageSize } = query;
    const { rows, files, total } = await listPublications(
      db,
      dialect,
      {
        ...criteria,
        words: normalizeSearchTerms(query.term ?? ''),
        offset: (page - 1) * pageSize,
        limit: pageSize,
      },
      listMemory,
    );
    const publications = rows.map((row) => toPublicationJson(storage, row, files.get(row.id) ?? []));
    return pageOf(publications, total, page, pageSize);
  }

  /** The publication an actor is about to change: 404 when they may not even see it, 403 when not theirs. */
  async function changeable(user: User, id: string, forbidden: string): Promise<PublicationWithAuthor> {
    const row = await findPublication(db, id);
    if (row === undefined || !canSee(user, row)) throw new HttpError(404, PUBLICATION_NOT_FOUND_MESSAGE);
    if (!isAuthor(user, row) && !user.isSuperUser) throw new HttpError(403, forbidden);
    return row;
  }

  /** Tips are written by super users only; the form of everybody else offers listing types. */
  function checkCategory(user: User, form: PublicationForm): void {
    if (form.typed === 'tips' && !user.isSuperUser) {
      throw new HttpError(400, `typed: ${incorrect(FIELDS.typed)}`);
    }
  }

  return {
    /** GET /publications: `status` other than 'published' is for super users only. */
    async list(user: User | null, query: ListQuery): Promise<PublicationPageJson> {
      if (query.status !== 'published' && user?.isSuperUser !== true) {
        throw new HttpError(403, FORBIDDEN_MESSAGE);
      }
      return list(
        {
          status: query.status,
          typed: query.typed,
          country: query.country ?? undefined,
          province: query.province ?? undefined,
          city: query.city ?? undefined,
          labels: query.labels,
        },
        query,
      );
    },

    /** GET /my-publications: the user's own, whatever their status. */
    async listMine(user: User, query: MyListQuery): Promise<PublicationPageJson> {
      return list({ status: 'all', authorId: user._id, typed: query.typed }, query);
    },

    async get(user: User | null, id: string): Promise<PublicationJson> {
      return answer(id, (row) => canSee(user, row));
    },

    /** A new publication: published at once only when a super user says so (their default). */
    async create(user: User, form: PublicationForm): Promise<PublicationJson> {
      checkCategory(user, form);
      const urls = form.files.map((file) => file.url);
      images.check(urls, user._id);
      const status: PublicationStatus = user.isSuperUser
        ? (form.status ?? PUBLISHED_STATUS)
        : UNPUBLISHED_STATUS;
      const now = new Date().toISOString();
      const id = randomUUID();
      await insertPublication(
        db,
        { id, ...contentOf(form), status, created_by: user._id, created_at: now, updated_at: now },
        urls,
      );
      return answer(id);
    },

    /**
     * PUT /publication/{id}. An ordinary user's change of content sends a published publication back to review and
     * their `status` is ignored; super users keep or set the status. Images taken off the list are deleted.
     */
    async update(user: User, id: string, body: UpdateBody): Promise<PublicationJson> {
      const row = await changeable(user, id, CHANGE_FORBIDDEN_MESSAGE);
      const now = new Date().toISOString();
      if (body.kind === 'status') {
        if (!user.isSuperUser) throw new HttpError(403, STATUS_FORBIDDEN_MESSAGE);
        if (body.status !== row.status) {
          await updatePublication(db, id, { status: body.status, updated_at: now });
        }
        return answer(id);
      }

      const { form } = body;
      checkCategory(user, form);
      const previous = (await findFileUrls(db, [id])).get(id) ?? [];
      const urls = form.files.map((file) => file.url);
      images.check(urls, user._id, previous);
      const content = contentOf(form);
      const changed = !sameContent(row, content) || !sameList(previous, urls);
      let status = row.status === PUBLISHED_STATUS ? PUBLISHED_STATUS : UNPUBLISHED_STATUS;
      if (user.isSuperUser) status = form.status ?? status;
      else if (changed) status = UNPUBLISHED_STATUS;
      if (!changed && status === row.status) return answer(id);

      const changes: PublicationUpdate = { ...content, status, updated_at: now };
      await updatePublication(db, id, changes, sameList(previous, urls) ? undefined : urls);
      await images.release(previous.filter((url) => !urls.includes(url)));
      return answer(id);
    },

    /** DELETE /publication/{id}, with its images. */
    async remove(user: User, id: string): Promise<void> {
      await changeable(user, id, DELETE_FORBIDDEN_MESSAGE);
      const urls = (await findFileUrls(db, [id])).get(id) ?? [];
      await deletePublication(db, id);
      await images.release(urls);
    },
  };
}

export type PublicationsService = ReturnType<typeof createPublicationsService>;
