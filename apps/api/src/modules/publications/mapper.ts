import type { CategoryKey } from '@eco/domain';
import type { MediaStorage } from '../media/storage.ts';
import { sellerRatingOf } from '../ratings/average.ts';
import { parseOpeningHours } from './place-columns.ts';
import type { PublicationWithAuthor } from './repository.ts';
import type { PublicationJson } from './schemas.ts';

const IMAGE = /\.webp$/;
const THUMBNAIL = /\.sm\.webp$/;

/**
 * The card-sized version of an image: the media route and the demo content store it next to the image as
 * `<name>.sm.webp`. Any other address (another storage, another format) is its own thumbnail.
 */
export function thumbnailUrlOf(storage: MediaStorage, url: string): string {
  const key = storage.keyFromUrl(url);
  if (key === null || !IMAGE.test(key) || THUMBNAIL.test(key)) return url;
  return storage.publicUrl(key.replace(IMAGE, '.sm.webp'));
}

function parseLabels(json: string): string[] {
  const labels: unknown = JSON.parse(json);
  return Array.isArray(labels) ? labels.filter((label): label is string => typeof label === 'string') : [];
}

/** The API shape of a stored publication, its images in order. */
export function toPublicationJson(
  storage: MediaStorage,
  row: PublicationWithAuthor,
  files: readonly string[],
  options: {
    /** The moderators' note is for the author and the super users only. */
    withReviewNote?: boolean;
    /** The exact point, for the author and the super users only; everyone else gets the point others see. */
    exactPoint?: boolean;
  } = {},
): PublicationJson {
  const exact = options.exactPoint === true;
  return {
    ...(options.withReviewNote === true && row.status !== 1 ? { reviewNote: row.review_note } : {}),
    _id: row.id,
    // Written only through the form's schemas (or the demo content, checked by its tests).
    typed: row.typed as CategoryKey,
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
    locationLat: exact ? row.location_lat : row.public_lat,
    locationLng: exact ? row.location_lng : row.public_lng,
    locationApproximate:
      !exact &&
      row.public_lat !== null &&
      (row.public_lat !== row.location_lat || row.public_lng !== row.location_lng),
    locationExact: row.location_exact === null ? null : row.location_exact === 1,
    openingHours: parseOpeningHours(row.opening_hours),
    labels: parseLabels(row.labels),
    files: files.map((url) => ({ url, thumbnailUrl: thumbnailUrlOf(storage, url) })),
    status: row.status === 1 ? 1 : 0,
    createdBy: {
      _id: row.created_by,
      name: row.author_name,
      pictureUrl: row.author_picture_url,
      phone: row.author_phone,
      rating: sellerRatingOf({ rating_count: row.author_rating_count, rating_sum: row.author_rating_sum }),
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
