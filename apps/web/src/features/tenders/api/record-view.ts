import type { ViewedResult } from '@app/shared/activity';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/activity/viewed: tells the activity log the signed-in user opened this tender. The
 * tender lookups are GETs and record nothing (a GET never changes state); a repeat within 10
 * minutes is not recorded twice by the server.
 */
export const recordView = (tenderId: string) => api.post<ViewedResult>('/api/activity/viewed', { tenderId });

/** Records the view once the detail has loaded; a failure only costs the activity entry. */
export function useRecordView(tenderId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    recordView(tenderId)
      .then(({ recorded }) => (recorded ? queryClient.invalidateQueries({ queryKey: ['activity'] }) : undefined))
      .catch((err: unknown) => console.warn('The view could not be recorded', err));
  }, [tenderId, queryClient]);
}
