/**
 * A read that must see everything committed before it was asked (a list's version), shared by the callers that ask
 * at the same time. A caller never gets an answer from a query sent before it asked (that one could miss a write
 * committed between its sending and the ask). With nothing out, the first caller's query goes at once; the callers
 * that ask while queries are out share one query, sent at the end of the event loop's turn (setImmediate) without
 * waiting for the ones out: a caller waits one round trip, not the rest of another's and then its own.
 */
export function freshReads<T>(query: () => Promise<T>): () => Promise<T> {
  /** Queries sent and not answered yet. */
  let out = 0;
  /** The query the callers of this turn share, sent at its end. */
  let gathering: Promise<T> | undefined;
  const send = (): Promise<T> => {
    out += 1;
    const sent = query();
    const answered = () => {
      out -= 1;
    };
    sent.then(answered, answered);
    return sent;
  };
  return () => {
    if (out === 0 && gathering === undefined) return send();
    gathering ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      gathering = undefined;
      return send();
    });
    return gathering;
  };
}
