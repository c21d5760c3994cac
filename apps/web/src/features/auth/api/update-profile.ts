import type { Profile, ProfileUpdate } from '@app/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authStore } from '../auth-store.ts';
import { profileQuery } from './get-profile.ts';

/** POST /api/profile: the id plus the fields to set; answers the saved profile. */
export const updateProfile = (body: ProfileUpdate) => api.post<Profile>('/api/profile', body);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      authStore.setProfile(profile);
      queryClient.setQueryData(profileQuery(profile.id).queryKey, profile);
    },
  });
};
