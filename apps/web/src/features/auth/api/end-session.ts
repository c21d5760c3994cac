import type { Ok } from '@app/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** DELETE /api/auth/sessions/:id: ends one of the account's sessions. */
export const endSession = (id: string) => api.delete<Ok>(`/api/auth/sessions/${encodeURIComponent(id)}`);

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
};
