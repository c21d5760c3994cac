import type { AuthState, SigninBody } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../auth-store.ts';

/** POST /api/auth/signin: sets the session cookie; 403 `email_not_confirmed` before confirmation. */
export const signIn = (body: SigninBody) => api.post<AuthState>('/api/auth/signin', body);

export const useSignIn = () =>
  useMutation({
    mutationFn: signIn,
    onSuccess: (state) => authStore.signedIn(state),
  });
