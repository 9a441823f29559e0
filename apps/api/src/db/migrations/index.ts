import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.ts';
import * as accounts from './0002-accounts.ts';
import * as publicationSearch from './0003-publication-search.ts';
import * as community from './0004-community.ts';
import * as trustDesk from './0005-trust-desk.ts';
import * as trustOps from './0006-trust-ops.ts';
import * as perf from './0007-perf.ts';
import * as deals from './0008-deals.ts';
import * as assistant from './0009-assistant.ts';
import * as listFollowsAuthors from './0010-list-follows-authors.ts';
import * as searchStems from './0011-search-stems.ts';
import * as listFollowsCards from './0013-list-follows-cards.ts';
import * as publicationCounts from './0014-publication-counts.ts';
import * as searchInListOrder from './0015-search-in-list-order.ts';
import * as listChanges from './0016-list-changes.ts';
import * as searchTokens from './0017-search-tokens.ts';
import * as searchTokenCounts from './0018-search-token-counts.ts';
import * as searchTokenBits from './0019-search-token-bits.ts';
import * as calendar from './0020-calendar.ts';
import * as favorites from './0022-favorites.ts';
import * as agenda from './0023-agenda.ts';
import * as places from './0024-places.ts';
import * as interestJobs from './0025-interest-jobs.ts';
import * as calendarFeeds from './0026-calendar-feeds.ts';
import * as push from './0027-push.ts';
import * as savedSearches from './0028-saved-searches.ts';
import * as mapCells from './0029-map-cells.ts';
import * as savedSearchPlaces from './0030-saved-search-places.ts';
import * as listChangesPoint from './0031-list-changes-point.ts';
import * as agendaIndexOnly from './0032-agenda-index-only.ts';
import * as placedSeqs from './0033-placed-seqs.ts';
import * as agendaLabels from './0034-agenda-labels.ts';
import * as datedSeqs from './0035-dated-seqs.ts';
import * as agendaPlaces from './0036-agenda-places.ts';
import * as suspendedAuthors from './0037-suspended-authors.ts';
import * as savedSearchHitsByPublication from './0038-saved-search-hits-by-publication.ts';
import * as agendaLasting from './0039-agenda-lasting.ts';
import * as geocoder from './0040-geocoder.ts';
import * as datedRows from './0041-dated-rows.ts';
import * as pointRows from './0042-point-rows.ts';
import * as openingBoundaries from './0043-opening-boundaries.ts';
import * as openMinutes from './0044-open-minutes.ts';
import * as openMinutesFollowRanges from './0045-open-minutes-follow-ranges.ts';
import * as savedSearchesVersion from './0046-saved-searches-version.ts';
import * as placesByKind from './0047-places-by-kind.ts';

/** Every migration, by name; names sort in the order they run. Later features append theirs here. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-publication-search': publicationSearch,
  '0004-community': community,
  '0005-trust-desk': trustDesk,
  '0006-trust-ops': trustOps,
  '0007-perf': perf,
  '0008-deals': deals,
  '0009-assistant': assistant,
  '0010-list-follows-authors': listFollowsAuthors,
  '0011-search-stems': searchStems,
  '0013-list-follows-cards': listFollowsCards,
  '0014-publication-counts': publicationCounts,
  '0015-search-in-list-order': searchInListOrder,
  '0016-list-changes': listChanges,
  '0017-search-tokens': searchTokens,
  '0018-search-token-counts': searchTokenCounts,
  '0019-search-token-bits': searchTokenBits,
  '0020-calendar': calendar,
  '0022-favorites': favorites,
  '0023-agenda': agenda,
  '0024-places': places,
  '0025-interest-jobs': interestJobs,
  '0026-calendar-feeds': calendarFeeds,
  '0027-push': push,
  '0028-saved-searches': savedSearches,
  '0029-map-cells': mapCells,
  '0030-saved-search-places': savedSearchPlaces,
  '0031-list-changes-point': listChangesPoint,
  '0032-agenda-index-only': agendaIndexOnly,
  '0033-placed-seqs': placedSeqs,
  '0034-agenda-labels': agendaLabels,
  '0035-dated-seqs': datedSeqs,
  '0036-agenda-places': agendaPlaces,
  '0037-suspended-authors': suspendedAuthors,
  '0038-saved-search-hits-by-publication': savedSearchHitsByPublication,
  '0039-agenda-lasting': agendaLasting,
  '0040-geocoder': geocoder,
  '0041-dated-rows': datedRows,
  '0042-point-rows': pointRows,
  '0043-opening-boundaries': openingBoundaries,
  '0044-open-minutes': openMinutes,
  '0045-open-minutes-follow-ranges': openMinutesFollowRanges,
  '0046-saved-searches-version': savedSearchesVersion,
  '0047-places-by-kind': placesByKind,
};
