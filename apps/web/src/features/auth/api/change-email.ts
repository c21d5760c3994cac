import type { ChangeEmailBody, Ok } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/change-email: mails a confirmation link to the new address. */
export const changeEmail = (body: ChangeEmailBody) => api.post<Ok>('/api/auth/change-email', body);

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
