import type { Team, TeamInvitePreview } from '@app/shared/team';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const teamKey = ['team'] as const;

/** GET /api/team: the caller's account, its people and (owner) its pending invitations. */
export const teamQuery = (userId: string) =>
  queryOptions({
    queryKey: [...teamKey, userId],
    queryFn: ({ signal }) => api.get<Team>('/api/team', { signal }),
  });

/** Every team change also changes the plan's usage (users) and, for a member, the plan itself. */
function useTeamMutation<V>(fn: (v: V) => Promise<Team>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKey }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]),
  });
}

export const useInvite = () => useTeamMutation((email: string) => api.post<Team>('/api/team/invites', { email }));
export const useRevokeInvite = () =>
  useTeamMutation((id: string) => api.delete<Team>(`/api/team/invites/${encodeURIComponent(id)}`));
export const useRemoveMember = () =>
  useTeamMutation((userId: string) => api.delete<Team>(`/api/team/members/${encodeURIComponent(userId)}`));
export const useLeaveTeam = () => useTeamMutation(() => api.post<Team>('/api/team/leave', {}));
export const useAcceptInvite = () =>
  useTeamMutation((token: string) => api.post<Team>('/api/team/invites/accept', { token }));

/** POST /api/team/invites/lookup: what a link is for (public; the token goes in the body). */
export const useInvitePreview = () =>
  useMutation({ mutationFn: (token: string) => api.post<TeamInvitePreview>('/api/team/invites/lookup', { token }) });
