import type { TenderStats } from '@app/shared/tender';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getTenderStats = (signal?: AbortSignal) => api.get<TenderStats>('/api/tenders/stats', { signal });

export const tenderStatsQuery = () =>
  queryOptions({
    queryKey: ['tenders', 'stats'],
    queryFn: ({ signal }) => getTenderStats(signal),
  });
