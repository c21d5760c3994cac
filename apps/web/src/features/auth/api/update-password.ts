import type { Ok, UpdatePasswordBody } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/update-password: the new password and the mailed reset token. */
export const updatePassword = (body: UpdatePasswordBody) => api.post<Ok>('/api/auth/update-password', body);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
