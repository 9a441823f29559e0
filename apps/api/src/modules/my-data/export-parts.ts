import type { DB } from '../../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';
import { thumbnailUrlOf } from '../publications/mapper.ts';
import { findFileUrls } from '../publications/repository.ts';

// What "Descargar mis datos" puts in the file: one small function per part. A feature that keeps personal data
// (ratings, notifications, contacts, orders…) adds its part to EXPORT_PARTS in one line. Never a password hash, a
// session or link token, or another member's private data.

export type ExportContext = { db: DB; userId: string; storage: MediaStorage; publicUrl: string };

export type ExportPart = { name: string; collect: (context: ExportContext) => Promise<unknown> };

/** Media addresses in full, so that the file still points at the images once it leaves the site. */
function absolute(context: ExportContext, url: string | null): string | null {
  if (url === null) return null;
  return url.startsWith('/') ? `${context.publicUrl}${url}` : url;
}

async function account({ db, userId }: ExportContext) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'is_super_user', 'is_active', 'activated_at', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email: row.email,
    isSuperUser: row.is_super_user === 1,
    isActive: row.is_active === 1,
    activatedAt: row.activated_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function profile(context: ExportContext) {
  const row = await context.db
    .selectFrom('users')
    .select([
      'name',
      'picture_url',
      'phone',
      'location_country',
      'location_province',
      'location_city',
      'location_address',
      'payment_details',
    ])
    .where('id', '=', context.userId)
    .executeTakeFirstOrThrow();
  return {
    name: row.name,
    pictureUrl: absolute(context, row.picture_url),
    phone: row.phone,
    locationCountry: row.location_country,
    locationProvince: row.location_province,
    locationCity: row.location_city,
    locationAddress: row.location_address,
    paymentDetails: row.payment_details,
  };
}

async function publications(context: ExportContext) {
  const rows = await context.db
    .selectFrom('publications')
    .selectAll()
    .where('created_by', '=', context.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const files = await findFileUrls(
    context.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    typed: row.typed,
    title: row.title,
    description: row.description,
    calendaredAt: row.calendared_at,
    calendaredUntil: row.calendared_until,
    quantity: row.quantity,
    price: row.price,
    discountRate: row.discount_rate,
    locationAddress: row.location_address,
    locationUrl: row.location_url,
    locationCountry: row.location_country,
    locationProvince: row.location_province,
    locationCity: row.location_city,
    // The exact point the member gave (others may see it moved: decision 034), their choice and the hours.
    locationLat: row.location_lat,
    locationLng: row.location_lng,
    locationExact: row.location_exact === null ? null : row.location_exact === 1,
    openingHours: row.opening_hours === null ? null : (JSON.parse(row.opening_hours) as unknown),
    labels: JSON.parse(row.labels) as unknown,
    status: row.status === 1 ? 'published' : 'in-review',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    images: (files.get(row.id) ?? []).map((url) => ({
      url: absolute(context, url),
      thumbnailUrl: absolute(context, thumbnailUrlOf(context.storage, url)),
    })),
  }));
}

async function uploads(context: ExportContext) {
  const rows = await context.db
    .selectFrom('uploads')
    .select(['url', 'created_at'])
    .where('user_id', '=', context.userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ url: absolute(context, row.url), uploadedAt: row.created_at }));
}

/** When each open session began and ends; never its token. */
async function sessions({ db, userId }: ExportContext) {
  const rows = await db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ startedAt: row.created_at, expiresAt: row.expires_at }));
}

/** Ratings the member gave and received; other members appear by name only. */
async function ratings({ db, userId }: ExportContext) {
  const rows = await db
    .selectFrom('qualifications as q')
    .innerJoin('users as f', 'f.id', 'q.from_user_id')
    .innerJoin('users as t', 't.id', 'q.to_user_id')
    .select([
      'q.id',
      'q.from_user_id',
      'q.to_user_id',
      'q.rating',
      'q.comment',
      'q.created_at',
      'q.updated_at',
      'f.name as from_name',
      't.name as to_name',
    ])
    .where((eb) => eb.or([eb('q.from_user_id', '=', userId), eb('q.to_user_id', '=', userId)]))
    .orderBy('q.created_at')
    .execute();
  const shape = (row: (typeof rows)[number], other: string) => ({
    id: row.id,
    [other]: other === 'to' ? row.to_name : row.from_name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  return {
    given: rows.filter((row) => row.from_user_id === userId).map((row) => shape(row, 'to')),
    received: rows.filter((row) => row.to_user_id === userId).map((row) => shape(row, 'from')),
  };
}

async function notifications({ db, userId }: ExportContext) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'title', 'message', 'kind', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    kind: row.kind,
    link: row.link,
    readAt: row.read_at,
    createdAt: row.created_at,
  }));
}

/** The Mercado Pago account connected for selling: its nickname and since when, never its tokens. */
async function sellerAccount({ db, userId }: ExportContext) {
  const row = await db
    .selectFrom('seller_accounts')
    .select(['marketplace_user_id', 'nickname', 'connected_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined
    ? null
    : { marketplaceUserId: row.marketplace_user_id, nickname: row.nickname, connectedAt: row.connected_at };
}

/** Purchases and sales: what was bought, at what price and how it went; the other party by name. */
async function orders({ db, userId }: ExportContext) {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .innerJoin('users as s', 's.id', 'o.seller_id')
    .select([
      'o.id',
      'o.buyer_id',
      'o.title',
      'o.quantity',
      'o.unit_price',
      'o.total_amount',
      'o.currency',
      'o.status',
      'o.payment_id',
      'o.created_at',
      'o.updated_at',
      'b.name as buyer_name',
      's.name as seller_name',
    ])
    .where((eb) => eb.or([eb('o.buyer_id', '=', userId), eb('o.seller_id', '=', userId)]))
    .orderBy('o.created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    role: row.buyer_id === userId ? 'buyer' : 'seller',
    otherParty: row.buyer_id === userId ? row.seller_name : row.buyer_name,
    title: row.title,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    totalAmount: row.total_amount,
    currency: row.currency,
    status: row.status,
    paymentId: row.payment_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** Messages sent from the contact cart, and received by the member as a seller (guests stay anonymous). */
async function contacts({ db, userId }: ExportContext) {
  const rows = await db
    .selectFrom('contacts as c')
    .innerJoin('users as s', 's.id', 'c.seller_id')
    .leftJoin('users as b', 'b.id', 'c.buyer_id')
    .select(['c.id', 'c.seller_id', 'c.created_at', 's.name as seller_name', 'b.name as buyer_name'])
    .where((eb) => eb.or([eb('c.seller_id', '=', userId), eb('c.buyer_id', '=', userId)]))
    .orderBy('c.created_at')
    .execute();
  const items = rows.length
    ? await db
        .selectFrom('contact_items')
        .select(['contact_id', 'title'])
        .where(
          'contact_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    role: row.seller_id === userId ? 'seller' : 'asker',
    otherParty: row.seller_id === userId ? (row.buyer_name ?? 'Un visitante') : row.seller_name,
    publications: items.filter((item) => item.contact_id === row.id).map((item) => item.title),
    sentAt: row.created_at,
  }));
}

/** Reports the member filed (never who reported them). */
async function reports({ db, userId }: ExportContext) {
  const rows = await db
    .selectFrom('reports')
    .select(['id', 'target_type', 'target_id', 'reason', 'comment', 'status', 'created_at'])
    .where('reporter_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    comment: row.comment,
    status: row.status,
    createdAt: row.created_at,
  }));
}

/** Publications the member saved: which and when (never the content of one that is no longer public). */
async function favorites(context: ExportContext) {
  const rows = await context.db
    .selectFrom('favorites')
    .select(['publication_id', 'created_at'])
    .where('user_id', '=', context.userId)
    .orderBy('created_at')
    .orderBy('publication_id')
    .execute();
  return rows.map((row) => ({
    publicationId: row.publication_id,
    url: `${context.publicUrl}/publications/${row.publication_id}`,
    savedAt: row.created_at,
  }));
}

export const EXPORT_PARTS: ExportPart[] = [
  { name: 'account', collect: account },
  { name: 'profile', collect: profile },
  { name: 'publications', collect: publications },
  { name: 'uploads', collect: uploads },
  { name: 'sessions', collect: sessions },
  { name: 'ratings', collect: ratings },
  { name: 'notifications', collect: notifications },
  { name: 'sellerAccount', collect: sellerAccount },
  { name: 'orders', collect: orders },
  { name: 'contacts', collect: contacts },
  { name: 'reports', collect: reports },
  { name: 'favorites', collect: favorites },
];
