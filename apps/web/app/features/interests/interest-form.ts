import type { Notice } from '../../lib/forms/notice';

// The "Me interesa" form: where it posts and what it sends. Shared by the toggle and its action.

/** The resource route that marks and unmarks (routes/interest.tsx). */
export const INTEREST_ACTION = '/interest';

export const FIELDS = {
  publicationId: 'publicationId',
  /** '1' to mark, '0' to unmark: the state asked for, so a repeated post changes nothing. */
  interested: 'interested',
  /** The page the toggle was on: where a post without scripts (or a guest after signing in) comes back to. */
  back: 'back',
  /** Present once scripts run: the answer is data for the toggle, not a redirect. */
  scripted: 'scripted',
} as const;

/** The toggle's answer once scripts run; a refusal also says its message at the top. */
export type InterestAnswer = { interested: boolean; notice?: Notice; message?: string };

export const INTEREST_LABEL = 'Me interesa';

/** "3 interesados", beside the toggle. */
export function interestedText(count: number): string {
  return `${count} ${count === 1 ? 'interesado' : 'interesados'}`;
}

export const AGENDA_PATH = '/dashboard/agenda';
/** Cards per page of the agenda. */
export const AGENDA_PAGE_SIZE = 12;

export function agendaPagePath(page: number, past: boolean): string {
  const params = new URLSearchParams();
  if (past) params.set('past', '1');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? AGENDA_PATH : `${AGENDA_PATH}?${query}`;
}
