import type { SessionData } from '@eco/domain';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serverContext } from '../../server-context';
import { agendaPagePath, interestedText } from './interest-form';
import { loadInterested, loadInterestedAmong, toggleInterest } from './interest.server';

type Call = { path: string; method: string | undefined };

/** A request context as the server builds it, with an API that records its calls and answers `status`. */
function contextWith(session: SessionData | null, status = 204) {
  const calls: Call[] = [];
  const context = new RouterContextProvider();
  context.set(serverContext, {
    session,
    publicUrl: 'http://localhost:3000',
    donation: { sponsorUrl: '', bankAlias: '', bankHolder: '' },
    cspNonce: '',
    mapStyleUrl: null,
    addressSearch: false,
    api: async (path, init) => {
      calls.push({ path, method: init?.method });
      if (status === 204) return new Response(null, { status });
      if (path.startsWith('/api/interests/among')) return Response.json({ ids: ['a'] });
      if (path.endsWith('/interested?pageSize=60')) return Response.json({ members: [], total: 0 });
      return Response.json({ statusCode: status, error: 'Bad Request', message: 'No' }, { status });
    },
  });
  return { context, calls };
}

const member = { userId: 'u1', user: { _id: 'u1', isSuperUser: false } } as unknown as SessionData;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('the Me interesa action', () => {
  it('marks and unmarks as the visitor and comes back to the page without scripts', async () => {
    const { context, calls } = contextWith(member);
    const marked = (await toggleInterest(
      context,
      form({ publicationId: 'p1', interested: '1', back: '/publications/p1' }),
    )) as Response;
    expect(marked.status).toBe(303);
    expect(marked.headers.get('location')).toBe('/publications/p1');
    expect(
      await toggleInterest(context, form({ publicationId: 'p1', interested: '0', scripted: '1' })),
    ).toEqual({
      interested: false,
    });
    expect(calls).toEqual([
      { path: '/api/publication/p1/interest', method: 'PUT' },
      { path: '/api/publication/p1/interest', method: 'DELETE' },
    ]);
  });

  it('sends a guest to sign in and back to the same event', async () => {
    const { context, calls } = contextWith(null);
    const guest = (await toggleInterest(
      context,
      form({ publicationId: 'p1', interested: '1', back: '/publications/p1' }),
    )) as Response;
    expect(guest.headers.get('location')).toBe('/auth?redirectTo=%2Fpublications%2Fp1');
    expect(calls).toEqual([]);
  });

  it('refuses a broken form with a 400 in Spanish and keeps the state on a refusal', async () => {
    const broken = (await toggleInterest(
      contextWith(member).context,
      form({ publicationId: 'p1' }),
    )) as unknown as {
      init: { status: number };
      data: { notice: { message: string } };
    };
    expect(broken.init.status).toBe(400);
    expect(broken.data.notice.message).toMatch(/Me interesa/);
    const refused = (await toggleInterest(
      contextWith(member, 400).context,
      form({ publicationId: 'p1', interested: '1', scripted: '1' }),
    )) as unknown as { init: { status: number }; data: { interested: boolean } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.interested).toBe(false);
  });

  it('asks which cards are marked and who is interested only when it may', async () => {
    expect(await loadInterestedAmong(contextWith(null).context, ['a'])).toEqual([]);
    expect(await loadInterestedAmong(contextWith(member, 200).context, ['a', 'b'])).toEqual(['a']);
    const own = { _id: 'p1', createdBy: { _id: 'u1' } };
    const others = { _id: 'p1', createdBy: { _id: 'u2' } };
    expect(await loadInterested(contextWith(member, 200).context, own)).toEqual({ members: [], total: 0 });
    const { context, calls } = contextWith(member, 200);
    expect(await loadInterested(context, others)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says the count and the agenda addresses', () => {
    expect(interestedText(1)).toBe('1 interesado');
    expect(interestedText(4)).toBe('4 interesados');
    expect(agendaPagePath(1, false)).toBe('/dashboard/agenda');
    expect(agendaPagePath(2, true)).toBe('/dashboard/agenda?past=1&page=2');
  });
});
