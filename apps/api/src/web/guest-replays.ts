import { createHash } from 'node:crypto';
import type { InternalApi, RawAnswer, RawApi } from './internal-api.ts';

// A guest's document is a function of its URL and of what its loaders' API calls answered: the loaders read no
// session, no clock and nothing random (guest-pages.ts remembers documents on that premise). So when a guest asks
// again for a URL whose document is remembered, asking the same API calls again and getting the same answers, byte
// for byte, proves that the loaders would return the same data, hence the same document: it is sent without running
// React Router (route matching, the loaders, serialising their data and digesting it: most of such a request's CPU
// once the render itself is remembered). The API answers come from their own exact caches, so a write shows on the
// very next request on every process, as before. An answer that differs, a call that is not a plain GET, or a
// document no longer remembered falls back to the full request, which records the calls again.

/** URLs whose calls are remembered (a few hundred bytes each), least recently asked dropped first. */
export const GUEST_REPLAYS_MAX = 10_000;

/** One API call of a guest's loaders, and the digest of what it answered. */
type Call = { path: string; answer: string };
type Replay = { calls: readonly Call[]; pageKey: string };

/** Everything a loader can read of an answer: its status, the headers it may branch on, and its body. */
function digestOf({ status, contentType, location, body }: RawAnswer): string {
  return createHash('sha256')
    .update(`${status}\n${contentType}\n${location}\n`)
    .update(body)
    .digest('base64url');
}

/** The API of one full guest request, recording its calls; `calls()` is null when one of them cannot be replayed. */
export function recordingApi(api: InternalApi): { api: InternalApi; calls: () => readonly Call[] | null } {
  const calls: Call[] = [];
  let replayable = true;
  return {
    api: async (path, init = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET' || init.body != null || init.headers !== undefined) {
        replayable = false;
        return api(path, init);
      }
      try {
        const original = await api(path);
        const body = Buffer.from(await original.arrayBuffer());
        const { status, headers } = original;
        calls.push({
          path,
          answer: digestOf({
            status,
            contentType: headers.get('content-type') ?? '',
            location: headers.get('location') ?? '',
            body,
          }),
        });
        const noBody = status === 204 || status === 304;
        return new Response(noBody ? null : body, { status, headers });
      } catch (error) {
        replayable = false;
        throw error;
      }
    },
    calls: () => (replayable ? calls : null),
  };
}

export function createGuestReplays(max = GUEST_REPLAYS_MAX) {
  const replays = new Map<string, Replay>();

  return {
    /** After a full request: the document `pageKey` followed from these calls' answers. */
    remember(url: string, calls: readonly Call[], pageKey: string): void {
      replays.delete(url);
      replays.set(url, { calls, pageKey });
      if (replays.size > max) replays.delete(replays.keys().next().value as string);
    },

    /**
     * The key of the document a full request for `url` would give now, when its calls answer as they did; undefined
     * when anything differs (then the full request runs).
     */
    async replay(url: string, api: RawApi): Promise<string | undefined> {
      const replay = replays.get(url);
      if (replay === undefined) return undefined;
      // In order: a loader's next call may depend on what the previous one answered.
      for (const call of replay.calls) {
        const answer = await api(call.path).then(digestOf, () => undefined);
        if (answer !== call.answer) {
          if (replays.get(url) === replay) replays.delete(url);
          return undefined;
        }
      }
      replays.delete(url);
      replays.set(url, replay);
      return replay.pageKey;
    },

    /** URLs remembered (for tests and measurements). */
    get size(): number {
      return replays.size;
    },
  };
}

export type GuestReplays = ReturnType<typeof createGuestReplays>;
