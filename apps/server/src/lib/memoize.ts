/** Caches one async result for `ttlMs`; concurrent callers share the pending promise. */
export function memoize<T>(load: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let value: { at: number; promise: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!value || now - value.at > ttlMs) {
      const promise = load();
      value = { at: now, promise };
      // A failure is not cached: the next caller tries again.
      promise.catch(() => {
        if (value?.promise === promise) value = undefined;
      });
    }
    return value.promise;
  };
}
