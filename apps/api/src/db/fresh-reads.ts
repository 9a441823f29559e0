/**
 * A read that must see everything committed before it was asked (a list's version), shared by the callers that ask
 * at the same time: while one query is out, the callers that come meanwhile wait for a single next query, sent once
 * it is answered, and all take its answer. A caller never gets an answer from a query sent before it asked (that one
 * could miss a write committed between its sending and the ask), and at most one query is out at a time: under ten
 * concurrent list requests, PostgreSQL answers one version query where it answered ten.
 */
export function freshReads<T>(query: () => Promise<T>): () => Promise<T> {
  /** The query out, not answered yet. */
  let out: Promise<T> | undefined;
  /** The query the callers that came while `out` was out will share, sent when `out` is answered. */
  let next: Promise<T> | undefined;
  const send = (): Promise<T> => {
    const sent = query();
    out = sent;
    const answered = () => {
      if (out === sent) out = undefined;
    };
    sent.then(answered, answered);
    return sent;
  };
  return () => {
    if (out === undefined) return send();
    next ??= out
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return send();
      });
    return next;
  };
}
