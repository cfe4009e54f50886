import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';

/** `DELETE /api/users/me` {password}: closes the account at once; its data is erased after 90 days. */
export function deleteAccount(password: string): Promise<unknown> {
  return api.delete<unknown>(API.users.me, { password });
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: deleteAccount });
}
