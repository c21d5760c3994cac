import type { Alert } from '@app/shared/alerts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertKeys } from './get-alerts.ts';

/** GET /api/alerts/{id}: one of the caller's alerts (404 alert_not_found otherwise). */
export const alertQuery = (id: string) =>
  queryOptions({
    queryKey: alertKeys.one(id),
    queryFn: ({ signal }) => api.get<Alert>(`/api/alerts/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
