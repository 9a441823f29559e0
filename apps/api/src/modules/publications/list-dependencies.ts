import {
  distanceKm,
  isInBox,
  PUBLISHED_STATUS,
  UNPUBLISHED_STATUS,
  type BoundingBox,
  type Point,
} from '@eco/domain';
import { changeFeedOf, type ListChange, type PublicationState } from '../../db/list-changes.ts';
import type { ChangeTracker } from '../../db/list-versions.ts';
import type { DB } from '../../db/schema.ts';
import { mayPassDates } from './date-criteria.ts';
import type { ListCriteria } from './list-repository.ts';
import type { SearchGroups } from './search-sql.ts';
import { mayChangeCorrection, newWordsOf, type NewWords } from './spelling.ts';

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
  /**
   * The search words whose spelling corrections it depends on ([] for none): only a new known word that one of them
   * begins, or one as similar to one of them as a correction must be, may change it (spelling.ts).
   */
  vocabulary: readonly string[];
  /** The publications it shows, and their authors: their images and cards. */
  shown?: { ids: readonly string[]; authors: readonly string[] };
  /**
   * A near-me page full of publications with a point: the point it is ordered from, its ids in order, their
   * distances and the last one's (km). A change whose publication sorts after that last row, before and after,
   * leaves the ids as they are (keepsOrder): the page is then computed again from them, its total and cards read.
   */
  nearOrder?: { near: Point; ids: readonly string[]; distances: readonly number[]; lastKm: number };
};

/**
 * How much nearer than a page's last row a publication must be to count as sorting after it: the SQL's and this
 * process's haversine agree to far less than a millimetre; a tie (the same distance, ordered by age) is a change.
 */
const ORDER_MARGIN_KM = 1e-6;

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

/**
 * The tokens of a logged state's words, split once: every remembered value is checked against each change (tens of
 * thousands of checks per write), and most of those with words share the change's state.
 */
const tokensOfState = new WeakMap<PublicationState, readonly string[]>();

function tokensOf(state: PublicationState): readonly string[] {
  let tokens = tokensOfState.get(state);
  if (tokens === undefined) {
    tokens = state.words.split(' ');
    tokensOfState.set(state, tokens);
  }
  return tokens;
}

/** Whether every group has a word that begins one of the state's tokens (the search's own rule). */
function matchesSearch(groups: SearchGroups, state: PublicationState): boolean {
  if (groups.length === 0) return true;
  const tokens = tokensOf(state);
  return groups.every((group) => group.some((word) => tokens.some((token) => token.startsWith(word))));
}

/** The tokens a change may add to the vocabulary: those of the publication after it that it did not have before. */
function newWords(change: Extract<ListChange, { kind: 'publication' }>): string[] {
  if (change.after === null) return [];
  const known = new Set(change.before === null ? [] : change.before.words.split(' '));
  return change.after.words.split(' ').filter((token) => token !== '' && !known.has(token));
}

/**
 * What a change's new words may do to corrections, per search word, worked out once per change: the cache asks it
 * of every remembered value at each new version, and most share their words.
 */
const correctionsTouched = new WeakMap<ListChange, { added: NewWords; byWord: Map<string, boolean> }>();

function touchesCorrections(change: Extract<ListChange, { kind: 'publication' }>, words: readonly string[]) {
  let known = correctionsTouched.get(change);
  if (known === undefined) {
    known = { added: newWordsOf(newWords(change)), byWord: new Map() };
    correctionsTouched.set(change, known);
  }
  const { added, byWord } = known;
  return words.some((word) => {
    let touched = byWord.get(word);
    if (touched === undefined) {
      touched = mayChangeCorrection(word, added);
      byWord.set(word, touched);
    }
    return touched;
  });
}

/** Whether the publication, in this state, passes the value's filters and one of its searches. */
function mayShow(deps: ListDependencies, filters: ListFilters, state: PublicationState | null): boolean {
  return (
    state !== null &&
    passesFilters(filters, state) &&
    deps.searches.some((groups) => matchesSearch(groups, state))
  );
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
      if (deps.vocabulary.length > 0 && touchesCorrections(change, deps.vocabulary)) return true;
      const { filters } = deps;
      if (filters === null) return false;
      return mayShow(deps, filters, change.before) || mayShow(deps, filters, change.after);
    }
  }
}

/**
 * Whether the publication, in this state, sorts after the last row of a near-me page whose rows all have a point:
 * outside the list, without a point (those come after every one with a point), or farther than that row.
 */
function sortsAfter(
  deps: ListDependencies,
  filters: ListFilters,
  order: NonNullable<ListDependencies['nearOrder']>,
  state: PublicationState | null,
): boolean {
  if (!mayShow(deps, filters, state) || state === null) return true;
  const { lat, lng } = state;
  // Not logged (a change older than migration 0031): anywhere.
  if (lat === undefined || lng === undefined) return false;
  if (lat === null || lng === null) return true;
  return distanceKm(order.near, { lat, lng }) > order.lastKm + ORDER_MARGIN_KM;
}

/**
 * Whether a near-me page's ids stay as they are after `change` (its hint, see VersionedCache): the publication sorts
 * after the page's last row before and after it. Its cards' images and authors are read again with the page (exact
 * at the new version, publication-reads.ts), and a suspension is a reset.
 */
export function keepsOrder(deps: ListDependencies, change: ListChange): boolean {
  const order = deps.nearOrder;
  const { filters } = deps;
  if (order === undefined || filters === null) return false;
  switch (change.kind) {
    case 'reset':
      return false;
    case 'files':
    case 'author':
      return true;
    case 'publication':
      if (deps.vocabulary.length > 0 && touchesCorrections(change, deps.vocabulary)) return false;
      return (
        sortsAfter(deps, filters, order, change.before) && sortsAfter(deps, filters, order, change.after)
      );
  }
}

/** The filters a logged state decides exactly (no area, point, opening hours or dates, which pass when they may). */
const EXACT_FILTERS = new Set(['status', 'authorId', 'typed', 'country', 'province', 'city', 'labels']);

/**
 * A remembered count after `change`, from the count before it: plus or minus the publication, when the count has no
 * words and only filters the logged states decide exactly (the list's own rules, passesFilters); else undefined.
 */
export function patchCount(deps: ListDependencies, count: number, change: ListChange): number | undefined {
  const { filters } = deps;
  if (change.kind !== 'publication' || filters === null || deps.vocabulary.length > 0) return undefined;
  if (deps.searches.length !== 1 || deps.searches[0]?.length !== 0) return undefined;
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && !EXACT_FILTERS.has(name)) return undefined;
  }
  const counted = (state: PublicationState | null) => state !== null && passesFilters(filters, state);
  return count + Number(counted(change.after)) - Number(counted(change.before));
}

/** The tracker of the publications list's caches on database `db`. */
export function publicationsTracker(db: DB): ChangeTracker<ListDependencies> {
  const feed = changeFeedOf(db, 'publications');
  return { changes: (from, to) => feed.between(from, to), affects, keepsHint: keepsOrder };
}
