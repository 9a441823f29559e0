import { isInBox, PUBLISHED_STATUS, UNPUBLISHED_STATUS, type BoundingBox } from '@eco/domain';
import { changeFeedOf, type ListChange, type PublicationState } from '../../db/list-changes.ts';
import type { ChangeTracker } from '../../db/list-versions.ts';
import type { DB } from '../../db/schema.ts';
import { mayPassDates } from './date-criteria.ts';
import type { ListCriteria } from './list-repository.ts';
import type { SearchGroups } from './search-sql.ts';

// What a remembered list value (an answer, a count, a spelling correction) depends on, and whether a logged change
// (migration 0016) may alter it: the same rules as the list's queries, applied to the publication before and after
// the change. A publication matching neither before nor after cannot change which publications match, their order
// or what their cards show; a card's images and author are followed by the ids the value shows.

/** The filters of a list, without its page. */
export type ListFilters = Omit<ListCriteria, 'offset' | 'limit' | 'words' | 'count' | 'order'>;

export type ListDependencies = {
  /** The filters the value was computed with; null when it depends on no publication's match (corrections). */
  filters: ListFilters | null;
  /** The searches whose matches it depends on: the words as groups ([] for no words), each a search of its own. */
  searches: SearchGroups[];
  /** Whether it depends on the vocabulary (spelling corrections): any new word may change it. */
  vocabulary: boolean;
  /** The publications it shows, and their authors: their images and cards. */
  shown?: { ids: readonly string[]; authors: readonly string[] };
};

/** Whether the publication passes the filters, as the list's SQL filters it. */
export function passesFilters(filters: ListFilters, state: PublicationState): boolean {
  if (filters.status === 'published' && !(state.status === PUBLISHED_STATUS && state.visible)) return false;
  if (filters.status === 'pending' && state.status !== UNPUBLISHED_STATUS) return false;
  if (filters.authorId !== undefined && state.author !== filters.authorId) return false;
  if (filters.typed !== undefined && state.typed !== filters.typed) return false;
  if (filters.country !== undefined && state.country !== filters.country) return false;
  if (filters.province !== undefined && state.province !== filters.province) return false;
  if (filters.city !== undefined && state.city !== filters.city) return false;
  const labels = filters.labels ?? [];
  if (labels.length > 0 && !labels.some((label) => state.labels.includes(label))) return false;
  if (filters.bbox !== undefined && !mayBeInBox(filters.bbox, state)) return false;
  // `near` orders (and needs a point) and `openAt` reads opening hours, which are not logged: both may pass.
  return mayPassDates(filters, state);
}

/**
 * Whether the publication's point may be inside the box, edges included (place-sql.ts: SQLite's `between` on the
 * R*Tree's exact columns, PostgreSQL's `<@ box`): never without a point, always when the point is not logged.
 */
function mayBeInBox(box: BoundingBox, state: PublicationState): boolean {
  const { lat, lng } = state;
  if (lat === undefined || lng === undefined) return true;
  if (lat === null || lng === null) return false;
  return isInBox({ lat, lng }, box);
}

/** Whether every group has a word that begins one of the tokens (the search's own rule). */
export function matchesSearch(groups: SearchGroups, words: string): boolean {
  if (groups.length === 0) return true;
  const tokens = words.split(' ');
  return groups.every((group) => group.some((word) => tokens.some((token) => token.startsWith(word))));
}

function newWords(change: Extract<ListChange, { kind: 'publication' }>): boolean {
  if (change.after === null) return false;
  if (change.before === null) return change.after.words !== '';
  const known = new Set(change.before.words.split(' '));
  return change.after.words.split(' ').some((token) => token !== '' && !known.has(token));
}

/** Whether `change` may alter a value that depends on `deps`. */
export function affects(deps: ListDependencies, change: ListChange): boolean {
  switch (change.kind) {
    case 'reset':
      return true;
    case 'files':
      return deps.shown?.ids.includes(change.id) ?? false;
    case 'author':
      return deps.shown?.authors.includes(change.id) ?? false;
    case 'publication': {
      if (deps.vocabulary && newWords(change)) return true;
      const { filters } = deps;
      if (filters === null) return false;
      return [change.before, change.after].some(
        (state) =>
          state !== null &&
          passesFilters(filters, state) &&
          deps.searches.some((groups) => matchesSearch(groups, state.words)),
      );
    }
  }
}

/** The tracker of the publications list's caches on database `db`. */
export function publicationsTracker(db: DB): ChangeTracker<ListDependencies> {
  const feed = changeFeedOf(db, 'publications');
  return { changes: (from, to) => feed.between(from, to), affects };
}
