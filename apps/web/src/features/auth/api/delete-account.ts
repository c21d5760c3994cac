import type { DeleteAccountBody, Ok } from '@app/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../auth-store.ts';

/** DELETE /api/auth/account: deletes the account and all its data; the password is required. */
export const deleteAccount = (body: DeleteAccountBody) => api.delete<Ok>('/api/auth/account', body);

export const useDeleteAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      authStore.signedOut();
      queryClient.removeQueries({ queryKey: ['auth'] });
      queryClient.removeQueries({ queryKey: ['profile'] });
    },
  });
};
