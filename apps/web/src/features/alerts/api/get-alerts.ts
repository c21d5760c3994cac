import type { AlertList } from '@app/shared/alerts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const alertKeys = {
  all: ['alerts'] as const,
  list: () => ['alerts', 'list'] as const,
  one: (id: string) => ['alerts', 'one', id] as const,
  matches: (id: string, limit: number) => ['alerts', 'matches', id, limit] as const,
};

/** GET /api/alerts: the caller's alerts, newest first, with the plan usage. */
export const alertListQuery = () =>
  queryOptions({
    queryKey: alertKeys.list(),
    queryFn: ({ signal }) => api.get<AlertList>('/api/alerts', { signal }),
  });
