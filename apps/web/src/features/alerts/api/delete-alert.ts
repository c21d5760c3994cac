import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAlerts } from './create-alert.ts';
import { alertKeys } from './get-alerts.ts';

/** DELETE /api/alerts/{id}. */
export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/alerts/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: alertKeys.one(id) });
      invalidateAlerts(queryClient);
    },
  });
}
