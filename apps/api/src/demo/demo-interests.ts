import { isCalendaredType, PUBLISHED_STATUS } from '@eco/domain';
import type { NewPublication } from '../db/schema.ts';
import { remindersOf } from '../modules/interests/reminders.ts';
import type { NewJob } from '../modules/jobs/repository.ts';

// "Me interesa" in the demo (decision 036): a few members interested in each published event and course, chosen by
// a fixed rule (never the author nor a super user), the count written on the publication's row, and the reminders of
// the upcoming ones queued as the site would have queued them.

type Member = { id: string; isSuperUser: boolean };
export type DemoInterest = { user_id: string; publication_id: string; created_at: string };

/** Up to this many members per event or course. */
const MOST = 4;

export function buildDemoInterests(input: {
  members: ReadonlyMap<string, Member>;
  publications: NewPublication[];
  now: Date;
}): { interests: DemoInterest[]; jobs: NewJob[] } {
  const { members, publications, now } = input;
  const candidates = [...members.values()].filter((member) => !member.isSuperUser);
  const interests: DemoInterest[] = [];
  const jobs: NewJob[] = [];
  publications.forEach((publication, index) => {
    // Every row says it: SQLite writes a column a multi-row insert leaves out of some rows as null.
    publication.interested_count = 0;
    if (!isCalendaredType(publication.typed) || publication.status !== PUBLISHED_STATUS) return;
    const chosen = candidates
      .filter((member, position) => member.id !== publication.created_by && (position + index) % 3 !== 0)
      .slice(0, 1 + (index % MOST));
    for (const member of chosen) {
      interests.push({
        user_id: member.id,
        publication_id: publication.id,
        created_at: publication.created_at,
      });
      jobs.push(...remindersOf(publication.id, member.id, publication.calendared_at ?? null, now));
    }
    publication.interested_count = chosen.length;
  });
  return { interests, jobs };
}
