import type { EmailOnlyBody, Ok } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password: mails a link to /update-password; same answer for any address. */
export const requestPasswordReset = (body: EmailOnlyBody) => api.post<Ok>('/api/auth/reset-password', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
