import type { ContactBody, ContactReceived } from '@app/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/contact: stored, mailed to the support address, and a copy to the sender. */
export const sendContactMessage = (body: ContactBody) => api.post<ContactReceived>('/api/contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
