import type { AiLocale, TenderSummary } from '@app/shared/ai';
import type { Tender, TenderVersion } from '@app/shared/tender';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;

/**
 * Spec §4 "Tender detail load": the tender-notice lookup first (it answers null for an unknown
 * id), then the lookup by id. The second answers 404 tender_not_found, which becomes `null`
 * here so the page can say 'Tender Not Found' rather than 'Error Loading Tender'.
 */
export async function getTenderDetail(id: string, signal?: AbortSignal): Promise<Tender | null> {
  const notice = await api.get<Tender | null>(`/api/tender-notice/${enc(id)}`, { signal });
  if (notice) return notice;
  try {
    return await api.get<Tender>(`/api/tenders/getTenderById/${enc(id)}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const tenderDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['tenders', 'detail', id],
    queryFn: ({ signal }) => getTenderDetail(id, signal),
  });

export const tenderVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: ['tenders', 'versions', id],
    queryFn: ({ signal }) => api.get<TenderVersion[]>(`/api/tenders/${enc(id)}/versions`, { signal }),
  });

/**
 * BreezeAI summary (spec §4 "AI summary": generated once per tender id when the detail loads).
 * A POST, but it reads: the server stores the summary per tender and locale, so it is a query
 * cached for the session and never refetched on its own.
 */
export const tenderSummaryQuery = (tenderId: string, locale: AiLocale = 'en') =>
  queryOptions({
    queryKey: ['ai', 'tender-summary', tenderId, locale],
    queryFn: ({ signal }) => api.post<TenderSummary>('/api/ai/generateTenderSummary', { tenderId, locale }, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
