import type { MarkNotificationsReadResult, NotificationList } from '@app/shared/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Fresh enough for deadlines counted in days; also refreshed when the window regains focus. */
const REFRESH_MS = 5 * 60_000;

/** GET /api/notifications: the signed-in user's notifications, newest first, with the unread count. */
export const getNotifications = (signal?: AbortSignal) => api.get<NotificationList>('/api/notifications', { signal });

export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: REFRESH_MS,
    staleTime: 30_000,
  });

/** POST /api/notifications/read: everything up to now is read; the list updates at once. */
export const markNotificationsRead = () => api.post<MarkNotificationsReadResult>('/api/notifications/read', {});

export const useMarkNotificationsRead = () => {
  const queryClient = useQueryClient();
  const key = notificationsQuery().queryKey;
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ seen_at }) => {
      queryClient.setQueryData(key, (list) =>
        list
          ? {
              ...list,
              seen_at,
              unread: 0,
              notifications: list.notifications.map((n) => ({ ...n, read: true })),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
