import type { Page, Publication, PublicationFile, SessionData } from '@eco/domain';
import { placeNames } from '@eco/domain/catalog/place-names';
import { PUBLISHED_STATUS } from '@eco/domain/constants';

// Shared with the API (the calendar file's LOCATION); pages import it from here with the rest of a publication's helpers.
export { placeNames };

/** An image as the API answers it: the full image and its card-sized version (the same URL when there is none). */
export type PublicationImage = PublicationFile & { thumbnailUrl?: string };

/** A publication as the API answers it: the domain's shape, each image with its thumbnail. */
export type PublicationJson = Omit<Publication, 'files'> & {
  files: PublicationImage[];
  /** Why it went back to review: only its author and super users receive it. */
  reviewNote?: string | null;
  /** On one event or course (GET /api/publication/{id}): whether it has ended. */
  ended?: boolean;
  /** Whether the signed-in visitor saved it (the publication's own answer only, never the lists). */
  favorite?: boolean;
  /** How many members saved it: for its author and super users only. */
  favoriteCount?: number;
  /** How many members marked "Me interesa" (every answer; 0 for what is not an event or course). */
  interestedCount?: number;
  /** Whether the signed-in visitor marked "Me interesa" (the publication's own answer only). */
  interested?: boolean;
};

/** `asOf`: the minute (ISO) an agenda list was computed for, which its cards' "hoy" and "mañana" are said from. */
export type PublicationListPage = Page<'publications', PublicationJson> & { asOf?: string };

/** Shown when a publication has no image, and in place of any image that fails to load. */
export const DEFAULT_PUBLICATION_IMAGE = '/publication-default.svg';

/** Pixel size of the stored images (4:3): full images and their card thumbnails. */
export const IMAGE_SIZE = { width: 1200, height: 900 } as const;
export const THUMBNAIL_SIZE = { width: 480, height: 360 } as const;

export function isPublished(publication: Pick<Publication, 'status'>): boolean {
  return publication.status === PUBLISHED_STATUS;
}

export function isSuperUser(session: SessionData | null): boolean {
  return session?.user.isSuperUser === true;
}

/** Authors and super users may edit and delete a publication. */
export function canManage(session: SessionData | null, publication: Pick<Publication, 'createdBy'>): boolean {
  return session !== null && (session.user.isSuperUser || session.userId === publication.createdBy._id);
}

/** The card image of a publication: the thumbnail of its first image, or null without images. */
export function coverThumbnail(publication: Pick<PublicationJson, 'files'>): string | null {
  const first = publication.files[0];
  return first ? first.thumbnailUrl || first.url : null;
}

export function publicationPath(id: string): string {
  return `/publications/${encodeURIComponent(id)}`;
}

export function tipPath(id: string): string {
  return `/tips/${encodeURIComponent(id)}`;
}

/** Where a publication is read: tips have their own page. */
export function readingPath(publication: Pick<Publication, '_id' | 'typed'>): string {
  return publication.typed === 'tips' ? tipPath(publication._id) : publicationPath(publication._id);
}

export function editPath(id: string): string {
  return `/dashboard/publications/${encodeURIComponent(id)}/edit`;
}

export function userPath(id: string): string {
  return `/users/${encodeURIComponent(id)}`;
}

/** An absolute URL on the site: `publicUrl` + path, unless the given address is already absolute. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

type Place = Pick<
  Publication,
  'locationAddress' | 'locationUrl' | 'locationCountry' | 'locationProvince' | 'locationCity'
>;

/** The map link of a publication: its own, or an OpenStreetMap search of its address and place; null without both. */
export function mapUrl(place: Place): string | null {
  if (place.locationUrl) return place.locationUrl;
  if (!place.locationAddress) return null;
  const search = [place.locationAddress, ...placeNames(place)].join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(search)}`;
}
