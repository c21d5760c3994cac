import type { ActivityList } from '@app/shared/activity';
import type { AiLocale, RecommendationPage } from '@app/shared/ai';
import type { Dashboard } from '@app/shared/dashboard';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `profileVersion` (the profile's updated_at) is part of the keys of what the profile decides,
 * so an edited profile gives new figures at once rather than after the cache goes stale.
 */

/** GET /api/dashboard: the four stat tiles and the urgent deadlines, computed for the caller. */
export const dashboardQuery = (profileVersion: string) =>
  queryOptions({
    queryKey: ['dashboard', profileVersion],
    queryFn: ({ signal }) => api.get<Dashboard>('/api/dashboard', { signal }),
    staleTime: 0,
  });

/** GET /api/activity?limit=: the caller's activity log, newest first. */
export const activityQuery = (limit = 20) =>
  queryOptions({
    queryKey: ['activity', limit],
    queryFn: ({ signal }) => api.get<ActivityList>(`/api/activity?limit=${limit}`, { signal }),
    select: (data) => data.activities,
    staleTime: 0,
  });

export const RECOMMENDATIONS_PAGE = 10;

/** GET /api/recommendations: open tenders that fit the profile, with the score and its reasons in words. */
export const recommendationsQuery = (locale: AiLocale, profileVersion: string) =>
  infiniteQueryOptions({
    queryKey: ['recommendations', locale, profileVersion],
    queryFn: ({ pageParam, signal }) =>
      api.get<RecommendationPage>(
        `/api/recommendations?${new URLSearchParams({ page: String(pageParam), limit: String(RECOMMENDATIONS_PAGE), locale }).toString()}`,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
