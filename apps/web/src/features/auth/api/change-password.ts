import type { ChangePasswordBody, Ok } from '@app/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** POST /api/auth/change-password: the current password is required; rotates the session. */
export const changePassword = (body: ChangePasswordBody) => api.post<Ok>('/api/auth/change-password', body);

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
};
