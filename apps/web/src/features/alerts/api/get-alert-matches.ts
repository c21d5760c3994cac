import type { AlertMatches } from '@app/shared/alerts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertKeys } from './get-alerts.ts';

/** GET /api/alerts/{id}/matches: what the alert matches now, newest published first. */
export const alertMatchesQuery = (id: string, limit = 20) =>
  queryOptions({
    queryKey: alertKeys.matches(id, limit),
    queryFn: ({ signal }) =>
      api.get<AlertMatches>(`/api/alerts/${encodeURIComponent(id)}/matches?limit=${limit}`, { signal }),
  });
