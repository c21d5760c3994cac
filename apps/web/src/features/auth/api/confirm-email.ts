import type { ConfirmEmailBody, ConfirmEmailResult } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/confirm-email: the token from the mailed link's fragment; single use. */
export const confirmEmail = (body: ConfirmEmailBody) => api.post<ConfirmEmailResult>('/api/auth/confirm-email', body);

export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });
