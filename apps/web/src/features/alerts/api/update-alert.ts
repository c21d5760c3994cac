import type { Alert, AlertUpdate } from '@app/shared/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAlerts } from './create-alert.ts';
import { alertKeys } from './get-alerts.ts';

/** PATCH /api/alerts/{id}: rename, criteria, frequency, pause (active: false) or resume (402 at the limit). */
export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AlertUpdate }) =>
      api.patch<Alert>(`/api/alerts/${encodeURIComponent(id)}`, patch),
    onSuccess: (alert) => {
      queryClient.setQueryData(alertKeys.one(alert.id), alert);
      invalidateAlerts(queryClient);
    },
  });
}
