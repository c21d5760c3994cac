import { SEARCH_PAGE_SIZE } from '@app/shared/constants';
import type { SearchCriteriaInput, SearchResponse } from '@app/shared/tender';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A search counts against the plan's searches (ADR 0013): never rerun one behind the user's back. */
const metered = { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 5 * 60_000 } as const;

export const searchTenders = (criteria: SearchCriteriaInput, signal?: AbortSignal) =>
  api.post<SearchResponse>('/api/tenders/searchTenders', criteria, { signal });

/** Search is a read, so it is a query keyed by its criteria (cached, deduplicated, cancellable). */
export const searchTendersQuery = (q: string, limit = SEARCH_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['tenders', 'search', { q, limit }],
    queryFn: ({ signal }) => searchTenders({ q, limit }, signal),
    enabled: q.trim() !== '',
    ...metered,
  });

/** The filters the search page can set (spec §7: regions, procurement method, closing date after). */
export interface SearchPageFilters {
  regions: string[];
  procurement_method?: string;
  closing_date_after?: string;
}

/**
 * The /search page: pages of 20 fetched by offset, 'Load More Results' asking for the next one
 * (spec §2, §9). Without filters only q and limit are sent, as the spec's first search does.
 */
export const searchTendersPagesQuery = (q: string, filters: SearchPageFilters) =>
  infiniteQueryOptions({
    queryKey: ['tenders', 'search-pages', { q, ...filters }],
    queryFn: ({ signal, pageParam }) =>
      searchTenders(
        {
          q,
          limit: SEARCH_PAGE_SIZE,
          ...(pageParam > 0 && { offset: pageParam }),
          ...(filters.regions.length > 0 && { regions: filters.regions }),
          ...(filters.procurement_method && { procurement_method: filters.procurement_method }),
          ...(filters.closing_date_after && { closing_date_after: filters.closing_date_after }),
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.search_metadata.has_more && last.results.length > 0
        ? last.search_metadata.offset + last.results.length
        : undefined,
    enabled: q.trim() !== '',
    ...metered,
  });
