import type { DeleteAccountBody, Ok } from '@app/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../auth-store.ts';

/**
 * Signs the browser out after the account is gone. The caller leaves the protected page first: a
 * state cleared while it is still shown would make its guard send the user to /sign-in, not '/'.
 */
export const forgetDeletedAccount = () => authStore.signedOut();

/** DELETE /api/auth/account: deletes the account and all its data; the password is required. */
export const deleteAccount = (body: DeleteAccountBody) => api.delete<Ok>('/api/auth/account', body);

export const useDeleteAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['auth'] });
      queryClient.removeQueries({ queryKey: ['profile'] });
    },
  });
};
