import { describe, expect, it } from 'vitest';
import { createGuestReplays, recordingApi } from '../src/web/guest-replays.ts';
import type { InternalApi, RawAnswer, RawApi } from '../src/web/internal-api.ts';

// A guest's document is sent again without React Router only when every API call its loaders made answers exactly
// as it did: status, the headers a loader may read and every byte of the body. Against a stand-in API whose answers
// the test changes, as a write would.

type Answers = Map<string, RawAnswer>;

const json = (body: unknown, status = 200): RawAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  location: '',
  body: Buffer.from(JSON.stringify(body)),
});

function standIn(answers: Answers) {
  const asked: string[] = [];
  const answerOf = (path: string): RawAnswer => {
    asked.push(path);
    const answer = answers.get(path);
    if (answer === undefined) throw new Error(`no answer for ${path}`);
    return answer;
  };
  const raw: RawApi = async (path) => answerOf(path);
  const api: InternalApi = async (path) => {
    const { status, contentType, location, body } = answerOf(path);
    const headers = new Headers({ 'content-type': contentType });
    if (location !== '') headers.set('location', location);
    return new Response(status === 204 ? null : body, { status, headers });
  };
  return { raw, api, asked };
}

/** A full request's loaders: the publication, then its purchase options (the detail page's calls). */
async function detailLoaders(api: InternalApi): Promise<unknown[]> {
  const publication = (await (await api('/api/publication/p1')).json()) as { id: string };
  const purchase = await (await api(`/api/publication/${publication.id}/purchase`)).json();
  return [publication, purchase];
}

const URL_A = 'site.test /publications/p1';

function setup() {
  const answers: Answers = new Map([
    ['/api/publication/p1', json({ id: 'p1', title: 'Frascos' })],
    ['/api/publication/p1/purchase', json({ options: [] })],
  ]);
  const replays = createGuestReplays();
  const server = standIn(answers);
  /** A full request that records its calls and remembers the document `pageKey`. */
  async function fullRequest(url: string, pageKey: string): Promise<unknown[]> {
    const recording = recordingApi(server.api);
    const data = await detailLoaders(recording.api);
    const calls = recording.calls();
    expect(calls).not.toBeNull();
    replays.remember(url, calls!, pageKey);
    return data;
  }
  return { answers, replays, server, fullRequest };
}

describe('guest documents sent again when their API calls answer the same', () => {
  it('gives loaders the answers unchanged while recording them', async () => {
    const { fullRequest } = setup();
    expect(await fullRequest(URL_A, 'page-1')).toEqual([{ id: 'p1', title: 'Frascos' }, { options: [] }]);
  });

  it('replays the calls in order and names the document while every answer is the same', async () => {
    const { replays, server, fullRequest } = setup();
    await fullRequest(URL_A, 'page-1');
    server.asked.length = 0;
    expect(await replays.replay(URL_A, server.raw)).toBe('page-1');
    expect(await replays.replay(URL_A, server.raw)).toBe('page-1');
    expect(server.asked).toEqual([
      '/api/publication/p1',
      '/api/publication/p1/purchase',
      '/api/publication/p1',
      '/api/publication/p1/purchase',
    ]);
    expect(await replays.replay('site.test /publications/p2', server.raw)).toBeUndefined();
    expect(await replays.replay('other.test /publications/p1', server.raw)).toBeUndefined();
  });

  it('falls back to the full request when any byte, the status or a header of an answer changed', async () => {
    const changes: ((answer: RawAnswer) => RawAnswer)[] = [
      (answer) => {
        // One byte of the body.
        const body = Buffer.from(answer.body);
        body.writeUInt8(body.readUInt8(1) ^ 1, 1);
        return { ...answer, body };
      },
      (answer) => ({ ...answer, status: 404 }),
      (answer) => ({ ...answer, contentType: 'text/plain' }),
      (answer) => ({ ...answer, location: '/tips/p1' }),
    ];
    for (const change of changes) {
      for (const path of ['/api/publication/p1', '/api/publication/p1/purchase']) {
        const { answers, replays, server, fullRequest } = setup();
        await fullRequest(URL_A, 'page-1');
        const before = answers.get(path)!;
        answers.set(path, change(before));
        expect(await replays.replay(URL_A, server.raw)).toBeUndefined();
        // Forgotten: even the old answers back do not bring it back until a full request records them again.
        answers.set(path, before);
        expect(await replays.replay(URL_A, server.raw)).toBeUndefined();
        await fullRequest(URL_A, 'page-2');
        expect(await replays.replay(URL_A, server.raw)).toBe('page-2');
      }
    }
  });

  it('stops at the first answer that differs (the next call may depend on it)', async () => {
    const { answers, replays, server, fullRequest } = setup();
    await fullRequest(URL_A, 'page-1');
    answers.set('/api/publication/p1', json({ id: 'p1', title: 'Otro' }));
    server.asked.length = 0;
    expect(await replays.replay(URL_A, server.raw)).toBeUndefined();
    expect(server.asked).toEqual(['/api/publication/p1']);
  });

  it('treats a failing call as a change', async () => {
    const { answers, replays, server, fullRequest } = setup();
    await fullRequest(URL_A, 'page-1');
    answers.delete('/api/publication/p1/purchase');
    expect(await replays.replay(URL_A, server.raw)).toBeUndefined();
  });

  it('never records a request whose loaders wrote, sent a body or headers of their own, or saw a call fail', async () => {
    const { api } = standIn(new Map([['/api/publication/p1', json({ id: 'p1' })]]));
    const inits: RequestInit[] = [
      { method: 'POST' },
      { method: 'PUT', body: '{}' },
      { headers: { cookie: '' } },
      { method: 'GET', body: 'x' },
    ];
    for (const init of inits) {
      const recording = recordingApi(api);
      await recording.api('/api/publication/p1');
      await recording.api('/api/publication/p1', init);
      expect(recording.calls()).toBeNull();
    }
    const failing = recordingApi(api);
    await expect(failing.api('/api/publication/unknown')).rejects.toThrow('no answer');
    expect(failing.calls()).toBeNull();
    const plain = recordingApi(api);
    await plain.api('/api/publication/p1', { method: 'get' });
    expect(plain.calls()).toHaveLength(1);
  });

  it('keeps a document without any call (a page whose loaders ask nothing)', async () => {
    const replays = createGuestReplays();
    replays.remember('site.test /', [], 'home');
    expect(await replays.replay('site.test /', standIn(new Map()).raw)).toBe('home');
  });

  it('holds at most its bound of URLs, the least recently asked dropped first', async () => {
    const replays = createGuestReplays(2);
    const { raw } = standIn(new Map());
    replays.remember('a', [], 'A');
    replays.remember('b', [], 'B');
    expect(await replays.replay('a', raw)).toBe('A');
    replays.remember('c', [], 'C');
    expect(replays.size).toBe(2);
    expect(await replays.replay('b', raw)).toBeUndefined();
    expect(await replays.replay('a', raw)).toBe('A');
    expect(await replays.replay('c', raw)).toBe('C');
  });
});
