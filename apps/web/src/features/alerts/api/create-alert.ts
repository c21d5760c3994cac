import type { Alert, AlertBody } from '@app/shared/alerts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertKeys } from './get-alerts.ts';

/** After any change: the alert lists, the dashboard's Active alerts tile and the plan usage are stale. */
export function invalidateAlerts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: alertKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['billing', 'me'] });
  void queryClient.invalidateQueries({ queryKey: ['notifications'] });
}

/** POST /api/alerts (402 plan_limit_reached beyond the plan's active alerts). */
export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertBody) => api.post<Alert>('/api/alerts', body),
    onSuccess: () => invalidateAlerts(queryClient),
  });
}
