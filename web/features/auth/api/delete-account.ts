import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_API } from './paths';

/** `DELETE /api/users/me` {password}: closes the account at once; its data is erased after 90 days. */
export function deleteAccount(password: string): Promise<unknown> {
  return api.delete<unknown>(USERS_API.me, { password });
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: deleteAccount });
}
