import type { Ok } from '@app/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../auth-store.ts';

/** POST /api/auth/signout: ends the session on the server. */
export const signOut = () => api.post<Ok>('/api/auth/signout', undefined);

export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Signed out locally whatever the server said (spec §8: a sign-out failure is only logged).
    onError: (err) => console.warn('Sign-out failed', err),
    onSettled: () => {
      authStore.signedOut();
      queryClient.removeQueries({ queryKey: ['auth'] });
      queryClient.removeQueries({ queryKey: ['profile'] });
      queryClient.removeQueries({ queryKey: ['notifications'] });
    },
  });
};
