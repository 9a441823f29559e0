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
    quantity: row.quantity,
    price: row.price,
    discountRate: row.discount_rate,
    locationAddress: row.location_address,
    locationUrl: row.location_url,
    locationCountry: row.location_country,
    locationProvince: row.location_province,
    locationCity: row.location_city,
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

export const EXPORT_PARTS: ExportPart[] = [
  { name: 'account', collect: account },
  { name: 'profile', collect: profile },
  { name: 'publications', collect: publications },
  { name: 'uploads', collect: uploads },
  { name: 'sessions', collect: sessions },
];
