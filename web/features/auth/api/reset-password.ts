import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api, refreshCsrfToken } from '../../../lib/api-client';
import type { ServerAnswer } from './forgot-password';

/** `POST /api/users/reset-password` {email, newPassword}: 200 "Password reset successfully." (SPEC.md §7). */
export async function resetPassword(body: {
  email: string;
  newPassword: string;
}): Promise<ServerAnswer | null> {
  const answer = await api.post<ServerAnswer | null>(API.passwordReset.resetPassword, body);
  // A reset ends the account's sessions; the next call (signing in) needs a token for the session left.
  await refreshCsrfToken().catch(() => undefined);
  return answer;
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
