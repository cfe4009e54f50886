import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { User } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';

export const profileQueryKey = ['profile'] as const;

/** `GET /api/users/profile`: the signed-in user's details. */
export async function getProfile(): Promise<User> {
  const { user } = await api.get<{ user: User }>(API.users.profile);
  return user;
}

export const profileQuery = queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, retry: false });

export function useProfile() {
  return useQuery(profileQuery);
}
