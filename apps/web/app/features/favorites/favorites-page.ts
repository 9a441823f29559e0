import type { PublicationJson } from '../publications/publications';

/** A saved publication as GET /api/favorites answers it: null when it is no longer published for the member. */
export type FavoriteEntry = { _id: string; savedAt: string; publication: PublicationJson | null };

export type FavoritePage = {
  publications: FavoriteEntry[];
  total: number;
  totalPages: number;
  nextPage: number | null;
};

export const FAVORITES_PATH = '/dashboard/favorites';
/** Cards per page: two or three full rows. */
export const FAVORITES_PAGE_SIZE = 12;

export function favoritesPagePath(page: number): string {
  return page > 1 ? `${FAVORITES_PATH}?page=${page}` : FAVORITES_PATH;
}

export const UNPUBLISHED_TEXT = 'Este anuncio ya no está publicado';
