import type { FastifyBaseLogger } from 'fastify';
import type { DB, Dialect } from '../../db/schema.ts';
import { notify } from '../notifications/service.ts';
import { matchPublication, type MatchedPublication } from './matcher.ts';
import { matchTexts } from './messages.ts';
import { claimNext, complete, MAX_ATTEMPTS, release } from './queue.ts';

// The saved searches' alerts, off the write path (decision 041): each queued publication is matched and each
// matching search's owner notified once.

/** Recipients written per transaction: a publication matching thousands of searches is saved in steps. */
const SAVE_BATCH = 500;

/**
 * Saves the matches: one hit per (search, publication) and one notification per member (their first matching
 * search names it), in transactions of SAVE_BATCH. Safe to repeat: a hit or notification already there is kept.
 */
export async function saveMatches(db: DB, matched: MatchedPublication): Promise<number> {
  const now = new Date().toISOString();
  let notified = 0;
  for (let start = 0; start < matched.matches.length; start += SAVE_BATCH) {
    const batch = matched.matches.slice(start, start + SAVE_BATCH);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('saved_search_hits')
        .values(
          batch.map((match) => ({
            search_id: match.searchId,
            publication_id: matched.id,
            user_id: match.userId,
            created_at: now,
            // Only the searches with the daily e-mail wait for it.
            mailed_at: match.digest ? null : now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['search_id', 'publication_id']).doNothing())
        .execute();
      const seen = new Set<string>();
      for (const match of batch) {
        if (seen.has(match.userId)) continue;
        seen.add(match.userId);
        const inserted = await notify(trx, {
          userId: match.userId,
          ...matchTexts(matched.title, match.name),
          kind: 'info',
          link: `/publications/${matched.id}`,
          // One per member and publication, whatever the searches, workers or retries.
          dedupeKey: `publication:${matched.id}:saved-search`,
        });
        if (inserted) notified++;
      }
    });
  }
  return notified;
}

/** Matches one publication and saves what matched: the work of one queue entry. */
export async function alertPublication(db: DB, dialect: Dialect, publicationId: string): Promise<number> {
  const matched = await matchPublication(db, dialect, publicationId);
  if (matched === null || matched.matches.length === 0) return 0;
  return saveMatches(db, matched);
}

/** Works the queue until it is empty; answers how many entries it finished. */
export async function drainQueue(db: DB, dialect: Dialect, log?: FastifyBaseLogger): Promise<number> {
  let done = 0;
  for (;;) {
    const claim = await claimNext(db, dialect);
    if (claim === undefined) return done;
    try {
      const notified = await alertPublication(db, dialect, claim.publicationId);
      if (notified > 0)
        log?.info({ publicationId: claim.publicationId, notified }, 'Saved searches notified');
      await complete(db, claim);
      done++;
    } catch (error) {
      log?.warn({ err: error, publicationId: claim.publicationId }, 'Saved searches not matched');
      // Taken again a little later (what was saved stays saved), up to MAX_ATTEMPTS; a failing release is left to
      // the lease.
      await (claim.attempts >= MAX_ATTEMPTS ? complete(db, claim) : release(db, claim)).catch(
        () => undefined,
      );
      return done;
    }
  }
}
