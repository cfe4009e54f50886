import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api, refreshCsrfToken } from '../../../lib/api-client';

/** `POST /api/users/change-password`: 200; the account's other sessions end. */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await api.post<unknown>(API.users.changePassword, body);
  // The server may give this session a new id on a credential change; the CSRF token follows the session.
  await refreshCsrfToken().catch(() => undefined);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
