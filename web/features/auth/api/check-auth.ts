import { queryOptions } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { AUTH_GC_TIME, AUTH_STALE_TIME } from '../../../../common/constants';
import type { CheckAuth } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';

export const checkAuthQueryKey = ['checkAuth'] as const;

/** The status of a guest: what the cache holds after logout. */
export const GUEST_STATUS: CheckAuth = { user: null, isMobVerified: false, lastPhoneReminder: null };

/** `GET /api/users/check-auth` (SPEC.md §7): the user (null for a guest), isMobVerified, lastPhoneReminder. */
export async function checkAuth(): Promise<CheckAuth> {
  const data = await api.get<Partial<CheckAuth> | null>(API.users.checkAuth);
  return {
    user: data?.user ?? null,
    isMobVerified: data?.isMobVerified === true,
    lastPhoneReminder: typeof data?.lastPhoneReminder === 'string' ? data.lastPhoneReminder : null,
  };
}

/** Cached 5 minutes, kept 10, no retry and no refetch on window focus (SPEC.md §4, §9). */
export const checkAuthQuery = queryOptions({
  queryKey: checkAuthQueryKey,
  queryFn: checkAuth,
  staleTime: AUTH_STALE_TIME,
  gcTime: AUTH_GC_TIME,
  retry: false,
  refetchOnWindowFocus: false,
});
