import { useQuery } from '@tanstack/react-query';
import { ADMIN_API } from '../../../common/api-paths';
import type { AdminMe } from '../../../common/schemas/admin';
import type { Permission } from '../../../common/staff';
import { api } from '../../lib/api-client';

export const meQueryKey = ['admin', 'me'] as const;

/** The signed-in staff member and their permissions; a guest's 401 and a customer's 403 are errors. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => api.get<AdminMe>(ADMIN_API.me),
    retry: false,
    staleTime: 60_000,
  });
}

/** Whether the signed-in staff member may do this; the screens hide what the role cannot do. */
export function useCan(permission: Permission): boolean {
  return useMe().data?.permissions.includes(permission) ?? false;
}
