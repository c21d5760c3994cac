import { SEARCH_PAGE_SIZE } from '@app/shared/constants';
import type { SearchCriteriaInput, SearchResponse } from '@app/shared/tender';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const searchTenders = (criteria: SearchCriteriaInput, signal?: AbortSignal) =>
  api.post<SearchResponse>('/api/tenders/searchTenders', criteria, { signal });

/** Search is a read, so it is a query keyed by its criteria (cached, deduplicated, cancellable). */
export const searchTendersQuery = (q: string, limit = SEARCH_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['tenders', 'search', { q, limit }],
    queryFn: ({ signal }) => searchTenders({ q, limit }, signal),
    enabled: q.trim() !== '',
  });
