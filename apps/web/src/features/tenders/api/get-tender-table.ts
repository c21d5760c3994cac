import type { FilterOptions, TableQueryInput, TenderPage } from '@app/shared/tender';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/tenders/table: one page of 50 with the filters and the text match (spec §2). */
export const tenderTableQuery = (query: TableQueryInput) =>
  queryOptions({
    queryKey: ['tenders', 'table', query],
    queryFn: ({ signal }) => api.post<TenderPage>('/api/tenders/table', query, { signal }),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    // A keyword search counts against the plan's searches: never rerun one behind the user's back.
    ...(query.q?.trim() ? { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 5 * 60_000 } : {}),
  });

/** GET /api/tenders/filter-options: the values of each filter, with counts. */
export const filterOptionsQuery = () =>
  queryOptions({
    queryKey: ['tenders', 'filter-options'],
    queryFn: ({ signal }) => api.get<FilterOptions>('/api/tenders/filter-options', { signal }),
    staleTime: 60_000,
  });
