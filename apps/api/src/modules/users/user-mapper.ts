import type { User } from '@eco/domain';
import type { UserRow } from '../../db/schema.ts';

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
