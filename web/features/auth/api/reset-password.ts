import { useMutation } from '@tanstack/react-query';
import { api, refreshCsrfToken } from '../../../lib/api-client';
import type { ServerAnswer } from './forgot-password';
import { USERS_API } from './paths';

/** `POST /api/users/reset-password` {email, newPassword}: 200 "Password reset successfully." (SPEC.md §7). */
export async function resetPassword(body: {
  email: string;
  newPassword: string;
}): Promise<ServerAnswer | null> {
  const answer = await api.post<ServerAnswer | null>(USERS_API.resetPassword, body);
  // A reset ends the account's sessions; the next call (signing in) needs a token for the session left.
  await refreshCsrfToken().catch(() => undefined);
  return answer;
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
