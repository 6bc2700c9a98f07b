/**
 * A shared read that is never older than its caller: each caller gets the result of a read begun
 * after it called. A read already out may have begun before, so callers that come meanwhile wait for
 * the next one, which they all share: one read at a time, however many callers.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let out: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const held: Promise<T> = read().finally(() => {
      if (out === held) out = undefined;
    });
    out = held;
    return held;
  };
  const after = (p: Promise<T>) =>
    p.then(
      () => undefined,
      () => undefined,
    );
  return () => {
    if (!out) return start();
    next ??= after(out).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
