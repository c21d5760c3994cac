import type { Ok, SignupBody } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/signup: same answer for a new and a taken address; no session until confirmed. */
export const signUp = (body: SignupBody) => api.post<Ok>('/api/auth/signup', body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
