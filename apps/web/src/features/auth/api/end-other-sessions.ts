import type { Ok } from '@app/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** DELETE /api/auth/sessions: ends every session of the account but this one (ASVS 7.5.2). */
export const endOtherSessions = () => api.delete<Ok>('/api/auth/sessions');

export const useEndOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
};
