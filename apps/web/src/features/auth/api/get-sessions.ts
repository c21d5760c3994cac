import type { SessionList } from '@app/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/auth/sessions: the account's open sessions, the current one flagged. */
export const getSessions = (signal?: AbortSignal) => api.get<SessionList>('/api/auth/sessions', { signal });

export const sessionsQuery = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });
