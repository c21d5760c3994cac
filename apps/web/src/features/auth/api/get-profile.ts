import type { Profile } from '@app/shared/profile';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/profile/:userId: your own profile; 404 profile_not_found when there is none yet (a GET creates nothing). */
export const getProfile = (userId: string, signal?: AbortSignal) =>
  api.get<Profile>(`/api/profile/${encodeURIComponent(userId)}`, { signal });

export const profileQuery = (userId: string) =>
  queryOptions({ queryKey: ['profile', userId], queryFn: ({ signal }) => getProfile(userId, signal) });
