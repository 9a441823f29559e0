/**
 * A read that must see everything committed before it was asked (a list's version), shared by the callers that ask
 * at the same time. A caller never gets an answer from a query sent before it asked (that one could miss a write
 * committed between its sending and the ask). With nothing out, the first caller's query goes at once; the callers
 * that ask while queries are out share one query, sent at the end of the event loop's turn (setImmediate) without
 * waiting for the ones out: a caller waits one round trip, not the rest of another's and then its own (decision 066).
 * At most MOST_OUT are out: while the database does not answer (an outage, a failover), the callers of every later
 * turn share the one query waiting to be sent, instead of each turn's query holding a connection of the pool.
 */
export const MOST_OUT = 2;

export function freshReads<T>(query: () => Promise<T>): () => Promise<T> {
  /** Queries sent and not answered yet. */
  let out = 0;
  /** The query the callers of this turn share, sent at its end (or once a query out answers, at MOST_OUT). */
  let gathering: Promise<T> | undefined;
  /** Wakes the gathered query waiting for one out to answer. */
  let freed: (() => void) | undefined;
  const send = (): Promise<T> => {
    out += 1;
    const sent = query();
    const answered = () => {
      out -= 1;
      const wake = freed;
      freed = undefined;
      wake?.();
    };
    sent.then(answered, answered);
    return sent;
  };
  const room = async () => {
    while (out >= MOST_OUT) await new Promise<void>((resolve) => (freed = resolve));
  };
  return () => {
    if (out === 0 && gathering === undefined) return send();
    gathering ??= new Promise<void>((resolve) => setImmediate(resolve)).then(room).then(() => {
      gathering = undefined;
      return send();
    });
    return gathering;
  };
}
