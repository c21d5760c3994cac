import type { AuthState } from '@app/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/auth/user: the signed-in user and profile; 401 when the session is gone. */
export const getUser = (signal?: AbortSignal) => api.get<AuthState>('/api/auth/user', { signal });

export const authUserQuery = () =>
  queryOptions({ queryKey: ['auth', 'user'], queryFn: ({ signal }) => getUser(signal), retry: false, staleTime: 0 });
