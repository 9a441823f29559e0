import type { SessionData } from '@eco/domain';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serverContext } from '../../server-context';
import { loadSavedAmong, toggleFavorite } from './favorite.server';
import { savedByText } from './favorite-form';

type Call = { path: string; method: string | undefined };

/** A request context as the server builds it, with an API that records its calls and answers `status`. */
function contextWith(session: SessionData | null, status = 204) {
  const calls: Call[] = [];
  const context = new RouterContextProvider();
  context.set(serverContext, {
    session,
    publicUrl: 'http://localhost:3000',
    donation: { sponsorUrl: '', bankAlias: '', bankHolder: '' },
    mapStyleUrl: null,
    addressSearch: false,
    cspNonce: '',
    api: async (path, init) => {
      calls.push({ path, method: init?.method });
      if (status === 204) return new Response(null, { status });
      if (path.startsWith('/api/favorites/among')) return Response.json({ ids: ['a'] });
      return Response.json(
        { statusCode: status, error: 'Not Found', message: 'El anuncio no existe' },
        { status },
      );
    },
  });
  return { context, calls };
}

const member = { userId: 'u1', user: { isSuperUser: false } } as unknown as SessionData;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('the Guardar action', () => {
  it('saves and unsaves as the visitor, then goes back to the page (without scripts)', async () => {
    const { context, calls } = contextWith(member);
    const saved = (await toggleFavorite(
      context,
      form({ publicationId: 'p1', saved: '1', back: '/publications?what=market' }),
    )) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/publications?what=market');
    await toggleFavorite(context, form({ publicationId: 'p1', saved: '0', back: '/publications/p1' }));
    expect(calls).toEqual([
      { path: '/api/publication/p1/favorite', method: 'PUT' },
      { path: '/api/publication/p1/favorite', method: 'DELETE' },
    ]);
  });

  it('answers the new state to the toggle once scripts run, and the refusal with the state kept', async () => {
    expect(
      await toggleFavorite(
        contextWith(member).context,
        form({ publicationId: 'p1', saved: '1', scripted: '1' }),
      ),
    ).toEqual({ saved: true });
    const refused = (await toggleFavorite(
      contextWith(member, 404).context,
      form({ publicationId: 'p1', saved: '1', scripted: '1' }),
    )) as unknown as { init: { status: number }; data: unknown };
    expect(refused.init.status).toBe(404);
    expect(refused.data).toEqual({
      saved: false,
      message: 'El anuncio no existe',
      notice: { kind: 'error', message: 'El anuncio no existe' },
    });
  });

  it('sends a guest to sign in and back, and never anywhere but a page of this site', async () => {
    const { context, calls } = contextWith(null);
    const guest = (await toggleFavorite(
      context,
      form({ publicationId: 'p1', saved: '1', back: '/publications/p1' }),
    )) as Response;
    expect(guest.headers.get('location')).toBe('/auth?redirectTo=%2Fpublications%2Fp1');
    expect(calls).toEqual([]);
    const member2 = contextWith(member).context;
    const elsewhere = (await toggleFavorite(
      member2,
      form({ publicationId: 'p1', saved: '1', back: '//evil.example' }),
    )) as Response;
    expect(elsewhere.headers.get('location')).toBe('/publications/p1');
  });

  it('refuses a broken form with a 400 in Spanish', async () => {
    const broken: Record<string, string>[] = [
      {},
      { publicationId: 'p1' },
      { publicationId: 'p1', saved: 'sí' },
    ];
    for (const fields of broken) {
      const answer = (await toggleFavorite(contextWith(member).context, form(fields))) as unknown as {
        init: { status: number };
        data: { notice: { message: string } };
      };
      expect(answer.init.status).toBe(400);
      expect(answer.data.notice.message).toMatch(/Guardar/);
    }
    expect(
      ((await toggleFavorite(contextWith(member).context, null)) as unknown as { init: { status: number } })
        .init.status,
    ).toBe(400);
  });

  it('asks which cards are saved only for members', async () => {
    expect(await loadSavedAmong(contextWith(null).context, ['a', 'b'])).toEqual([]);
    expect(await loadSavedAmong(contextWith(member, 200).context, ['a', 'b'])).toEqual(['a']);
  });

  it('says how many saved it', () => {
    expect(savedByText(1)).toBe('Guardado por 1 persona');
    expect(savedByText(3)).toBe('Guardado por 3 personas');
  });
});
