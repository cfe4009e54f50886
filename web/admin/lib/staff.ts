import { useQuery } from '@tanstack/react-query';
import { API } from '../../../common/api-paths';
import type { AdminMe } from '../../../common/schemas/admin';
import type { CheckAuth } from '../../../common/schemas/auth';
import type { Permission } from '../../../common/staff';
import { api } from '../../lib/api-client';

export const meQueryKey = ['admin', 'me'] as const;

/** Who opened the back office: a guest, a customer, or a staff member with their permissions. */
export type Visitor = { kind: 'guest' } | { kind: 'customer' } | ({ kind: 'staff' } & AdminMe);

/**
 * Asks who is signed in first (a guest's answer is a 200, not an error in the console), and only a
 * staff member for their permissions.
 */
async function visitor(): Promise<Visitor> {
  const { user } = await api.get<CheckAuth>(API.users.checkAuth);
  if (!user) return { kind: 'guest' };
  if (user.role === 'customer') return { kind: 'customer' };
  return { kind: 'staff', ...(await api.get<AdminMe>(API.admin.me)) };
}

export function useVisitor() {
  return useQuery({ queryKey: meQueryKey, queryFn: visitor, retry: false, staleTime: 60_000 });
}

/** Whether the signed-in staff member may do this; the screens hide what the role cannot do. */
export function useCan(permission: Permission): boolean {
  const { data } = useVisitor();
  return data?.kind === 'staff' && data.permissions.includes(permission);
}
