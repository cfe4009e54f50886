import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { UpdateProfileBody, User } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/** `PATCH /api/users/profile` {name, phone}: 200 `{user}`; a new phone clears isMobVerified. */
export async function updateProfile(body: UpdateProfileBody): Promise<User> {
  const { user } = await api.patch<{ user: User }>(API.users.profile, body);
  return user;
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(profileQueryKey, user),
  });
}
