import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.ts';
import * as accounts from './0002-accounts.ts';
import * as publicationSearch from './0003-publication-search.ts';
import * as perf from './0007-perf.ts';

/** Every migration, by name; names sort in the order they run. Later features append theirs here. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-publication-search': publicationSearch,
  '0007-perf': perf,
};
