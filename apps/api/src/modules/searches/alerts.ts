import { PUBLISHED_STATUS } from '@eco/domain';
import type { Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect-of.ts';
import type { Database, DB, Dialect } from '../../db/schema.ts';
import { takesArrays, unnestedRows } from '../../db/text-rows.ts';
import { QueueStopping, type JobHandler } from '../jobs/worker.ts';
import { notifyMany } from '../notifications/service.ts';
import { matchPublication, matchPublications, type MatchedPublication, type SearchMatch } from './matcher.ts';
import { matchTexts } from './messages.ts';

// The saved searches' alerts, off the write path (decision 041): a trigger queues a job per publication that becomes
// published (migration 0028); the job queue's worker (any process, decision 036) runs this handler, which matches
// it and notifies each matching search's owner once.

/** The jobs' kind, as the trigger of migration 0028 writes it (`saved-search-match:{publication id}`). */
export const MATCH_JOB = 'saved-search-match';

/**
 * Recipients written per transaction: a publication matching thousands of searches is saved in steps. SQLite's
 * statements hold this thread (and its one writing connection, which every list request reads its version from)
 * for a whole transaction: 50 a step there, as the queue claims (decision 055).
 */
export const SAVE_BATCH = { postgres: 500, sqlite: 50 } as const;

const HIT_COLUMNS = ['search_id', 'publication_id', 'user_id', 'created_at', 'mailed_at'] as const;

/**
 * Whether the publication is still published. On PostgreSQL its row is then held against a delete until the
 * transaction ends (FOR KEY SHARE: the lock the hits' foreign key takes anyway, taken first; an edit is not held
 * up); SQLite's one writer holds the whole database.
 */
async function stillPublished(trx: Transaction<Database>, id: string): Promise<boolean> {
  const query = trx
    .selectFrom('publications')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', PUBLISHED_STATUS);
  const held = dialectOf(trx) === 'postgres' ? query.forKeyShare() : query;
  return (await held.executeTakeFirst()) !== undefined;
}

/**
 * Saves the matches: one hit per (search, publication) and one notification per member (their first matching
 * search names it), in transactions of SAVE_BATCH with `step` (the queue's pace) between two. Safe to repeat (a job
 * run twice, or after a crash half way): a hit or a notification already there is kept, nothing is added twice. A
 * publication deleted or unpublished since it was matched is alerted no further (nobody is sent to a page that is
 * gone).
 */
export async function saveMatches(
  db: DB,
  matched: MatchedPublication,
  step: () => Promise<void> = async () => {},
): Promise<number> {
  const now = new Date().toISOString();
  const batchSize = SAVE_BATCH[dialectOf(db)];
  // One per member and publication, whatever the searches, workers or retries: each member's first match (the
  // matches come oldest search first) is notified with the batch that saves its hit. Only those are sent to the
  // database, not every batch's members again: a member's later matches would all be conflicts.
  const firstOfMember = new Map<string, SearchMatch>();
  for (const match of matched.matches) {
    if (!firstOfMember.has(match.userId)) firstOfMember.set(match.userId, match);
  }
  const firsts = new Set(firstOfMember.values());
  let notified = 0;
  for (let start = 0; start < matched.matches.length; start += batchSize) {
    if (start > 0) await step();
    const batch = matched.matches.slice(start, start + batchSize);
    const saved = await db.transaction().execute(async (trx) => {
      if (!(await stillPublished(trx, matched.id))) return false;
      const hits = batch.map((match) => ({
        search_id: match.searchId,
        publication_id: matched.id,
        user_id: match.userId,
        created_at: now,
        // Only the searches with the daily e-mail wait for it.
        mailed_at: match.digest ? null : now,
      }));
      const insert = trx.insertInto('saved_search_hits');
      await (
        takesArrays(trx)
          ? insert.columns(HIT_COLUMNS).expression(unnestedRows(HIT_COLUMNS, hits))
          : insert.values(hits)
      )
        .onConflict((conflict) => conflict.columns(['search_id', 'publication_id']).doNothing())
        .execute();
      const created = await notifyMany(
        trx,
        batch
          .filter((match) => firsts.has(match))
          .map((match) => ({
            userId: match.userId,
            ...matchTexts(matched.title, match.name),
            kind: 'info' as const,
            link: `/publications/${matched.id}`,
            dedupeKey: `publication:${matched.id}:saved-search`,
            push: 'searches' as const,
          })),
      );
      notified += created.length;
      return true;
    });
    if (!saved) break;
  }
  return notified;
}

/** Matches one publication and saves what matched: the work of one job. */
export async function alertPublication(db: DB, dialect: Dialect, publicationId: string): Promise<number> {
  const matched = await matchPublication(db, dialect, publicationId);
  if (matched === null || matched.matches.length === 0) return 0;
  return saveMatches(db, matched);
}

/** The publication a matching job is about (its subject `publication:{id}`). */
export function publicationOfJob(subject: string | null): string | null {
  return subject?.startsWith('publication:') ? subject.slice('publication:'.length) : null;
}

/**
 * The job queue's handler of MATCH_JOB: the claim's publications matched together (those of one category and place
 * share their candidates: matchPublications; a failure there retries the claim), then each saved on its own, so
 * that one publication failing to save retries alone. Each transaction of a save is a step of the queue's pace: one
 * publication can write thousands of hits and notifications. A worker that stops ends the claim at a step: the
 * publications saved so far are finished, the others handed back.
 */
export function matchHandler({ db, dialect, reads }: { db: DB; dialect: Dialect; reads?: DB }): JobHandler {
  return async (jobs, pace) => {
    const failures = new Map<string, unknown>();
    const publicationOf = new Map<string, string>();
    for (const job of jobs) {
      const publicationId = publicationOfJob(job.subject);
      if (publicationId !== null) publicationOf.set(job.id, publicationId);
    }
    // The jobs not yet saved: when the worker stops, they go back to the queue and the saved ones are finished.
    const left = new Map(publicationOf);
    try {
      const matched = await matchPublications(db, dialect, [...new Set(publicationOf.values())], { reads });
      await pace();
      for (const [jobId, publicationId] of publicationOf) {
        const publication = matched.get(publicationId);
        if (publication === undefined || publication.matches.length === 0) {
          left.delete(jobId);
          continue;
        }
        try {
          // Each transaction of the publication's is a step of the queue's pace.
          await saveMatches(db, publication, pace);
        } catch (error) {
          if (error instanceof QueueStopping) throw error;
          failures.set(jobId, error);
        }
        left.delete(jobId);
        await pace();
      }
    } catch (error) {
      if (!(error instanceof QueueStopping)) throw error;
      for (const jobId of left.keys()) failures.set(jobId, error);
    }
    return failures;
  };
}
