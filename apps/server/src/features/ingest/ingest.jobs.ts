import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/connect.ts';
import type { Env } from '../../env.ts';

export interface JobDeps {
  env: Env;
  dbh: DbHandle;
  log: FastifyBaseLogger;
}

// PLACEHOLDER: the ingestion helper implements these.
export async function seedIfEmpty(_deps: JobDeps): Promise<void> {}
export function scheduleIngest(_deps: JobDeps): { stop(): void } {
  return { stop() {} };
}
