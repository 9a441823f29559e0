import { randomUUID } from 'node:crypto';
import { PUBLISHED_STATUS, type Contact, type User } from '@eco/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { MediaStorage } from '../media/storage.ts';
import { thumbnailUrlOf } from '../publications/mapper.ts';
import { findFileUrls } from '../publications/repository.ts';
import { pageOf, partyOf, type PageQuery } from './deal-mapper.ts';
import { CONTACT_PUBLICATIONS_MESSAGE, CONTACT_SELF_MESSAGE, CONTACT_SELLER_MESSAGE } from './messages.ts';

export type ContactsDeps = { db: DB; storage: MediaStorage };

/** The contact history of the WhatsApp cart: who asked which seller about what, and when. */
export function createContacts({ db, storage }: ContactsDeps) {
  async function itemsOf(ids: string[]) {
    const items = new Map<string, Contact['publications']>(ids.map((id) => [id, []]));
    if (ids.length === 0) return items;
    const rows = await db
      .selectFrom('contact_items')
      .selectAll()
      .where('contact_id', 'in', ids)
      .orderBy('contact_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      items.get(row.contact_id)?.push({ _id: row.publication_id, title: row.title, imageUrl: row.image_url });
    }
    return items;
  }

  return {
    /** POST /contacts: guests too (without a buyer). Only the seller's published publications are recorded. */
    async record(user: User | null, body: { sellerId: string; publicationIds: string[] }): Promise<string> {
      if (user?._id === body.sellerId) throw new HttpError(400, CONTACT_SELF_MESSAGE);
      const seller = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', body.sellerId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      if (seller === undefined) throw new HttpError(400, CONTACT_SELLER_MESSAGE);
      const requested = [...new Set(body.publicationIds)];
      const publications = await db
        .selectFrom('publications')
        .select(['id', 'title'])
        .where('id', 'in', requested)
        .where('created_by', '=', body.sellerId)
        .where('status', '=', PUBLISHED_STATUS)
        .execute();
      // A cart kept in the browser may hold publications withdrawn since: the others are still recorded.
      if (publications.length === 0) throw new HttpError(400, CONTACT_PUBLICATIONS_MESSAGE);
      const found = new Set(publications.map((row) => row.id));
      const ids = requested.filter((publicationId) => found.has(publicationId));
      const titles = new Map(publications.map((row) => [row.id, row.title]));
      const files = await findFileUrls(db, ids);
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('contacts')
          .values({
            id,
            seller_id: body.sellerId,
            buyer_id: user?._id ?? null,
            created_at: new Date().toISOString(),
          })
          .execute();
        await trx
          .insertInto('contact_items')
          .values(
            ids.map((publicationId, position) => {
              const first = files.get(publicationId)?.[0];
              return {
                contact_id: id,
                position,
                publication_id: publicationId,
                title: titles.get(publicationId) ?? '',
                image_url: first === undefined ? null : thumbnailUrlOf(storage, first),
              };
            }),
          )
          .execute();
      });
      return id;
    },

    /** 'Consultas recibidas' (as seller) or 'Consultas enviadas' (as buyer), newest first. */
    async list(user: User, role: 'seller' | 'buyer', query: PageQuery) {
      const column = role === 'seller' ? 'c.seller_id' : 'c.buyer_id';
      const { page, pageSize } = query;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('contacts as c')
          .innerJoin('users as s', 's.id', 'c.seller_id')
          .leftJoin('users as b', 'b.id', 'c.buyer_id')
          .select([
            'c.id',
            'c.seller_id',
            'c.buyer_id',
            'c.created_at',
            's.name as seller_name',
            's.picture_url as seller_picture_url',
            'b.name as buyer_name',
            'b.picture_url as buyer_picture_url',
          ])
          .where(column, '=', user._id)
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('contacts as c')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where(column, '=', user._id)
          .executeTakeFirstOrThrow(),
      ]);
      const items = await itemsOf(rows.map((row) => row.id));
      const contacts: Contact[] = rows.map((row) => ({
        _id: row.id,
        seller: partyOf(row.seller_id, row.seller_name, row.seller_picture_url),
        buyer:
          row.buyer_id === null || row.buyer_name === null
            ? null
            : partyOf(row.buyer_id, row.buyer_name, row.buyer_picture_url),
        publications: items.get(row.id) ?? [],
        createdAt: row.created_at,
      }));
      return pageOf('contacts', contacts, Number(count.count), page, pageSize);
    },
  };
}

export type Contacts = ReturnType<typeof createContacts>;
