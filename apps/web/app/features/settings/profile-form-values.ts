import type { User } from '@eco/domain';

/** The profile form's fields as its inputs hold them: texts are '' and selects null when empty. */
export type ProfileFormValues = {
  name: string;
  pictureUrl: string;
  phone: string;
  locationCountry: string | null;
  locationProvince: string | null;
  locationCity: string | null;
  locationAddress: string;
};

export function profileFormValues(user: User): ProfileFormValues {
  return {
    name: user.name,
    pictureUrl: user.pictureUrl ?? '',
    phone: user.phone ?? '',
    locationCountry: user.locationCountry,
    locationProvince: user.locationProvince,
    locationCity: user.locationCity,
    locationAddress: user.locationAddress ?? '',
  };
}
