import type { PublicUser, User } from '@eco/domain';
import type { UserRow } from '../../db/schema.ts';

export type AdminUser = User & { isActive: boolean };

/** The API shape of a user (never the password hash nor the payment details). */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    pictureUrl: row.picture_url,
    phone: row.phone,
    isSuperUser: row.is_super_user === 1,
    locationAddress: row.location_address,
    locationCountry: row.location_country,
    locationProvince: row.location_province,
    locationCity: row.location_city,
  };
}

/** Another user's profile as anyone may see it: no e-mail, street address, role or account state. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    pictureUrl: row.picture_url,
    phone: row.phone,
    locationCountry: row.location_country,
    locationProvince: row.location_province,
    locationCity: row.location_city,
  };
}

/** A user as super users see it in the users list: with whether the account may sign in. */
export function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), isActive: row.is_active === 1 };
}
