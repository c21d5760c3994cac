import type { EmailOnlyBody, Ok } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/resend-confirmation: answers alike whether or not the address waits. */
export const resendConfirmation = (body: EmailOnlyBody) => api.post<Ok>('/api/auth/resend-confirmation', body);

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
