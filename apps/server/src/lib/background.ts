import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer is sent. Reset and resend-confirmation requests answer before
 * they look the address up, so a known and an unknown address cost the request the same database
 * work (SECURITY.md A.3, enumeration by timing). Failures are logged; the app drains the tasks when
 * it closes, and tests drain them to read the results.
 */
export interface Background {
  run(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void;
  /** Resolves when every task started so far (and any they started) has finished. */
  drain(): Promise<void>;
}

export function createBackground(): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(log, what, work) {
      // setImmediate: the work starts after the answer has been written, never inside the request.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
