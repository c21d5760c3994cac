import type { SigninBody, SigninResult } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../auth-store.ts';

/**
 * POST /api/auth/signin: sets the session cookie and answers the user with their profile, which the
 * server creates at first sign-in (spec §4). 403 `email_not_confirmed` before confirmation; 500
 * `profile_create_failed` ('Failed to create user profile', spec §8) when the profile cannot be made.
 */
export const signIn = (body: SigninBody) => api.post<SigninResult>('/api/auth/signin', body);

export const useSignIn = () =>
  useMutation({
    mutationFn: signIn,
    onSuccess: (state) => authStore.signedIn(state),
  });
