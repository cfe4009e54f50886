import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';

export interface ServerAnswer {
  message?: unknown;
}

/** `POST /api/users/forgot-password` {email, token}: "OTP sent to registered email" means success (SPEC.md §7). */
export function forgotPassword(body: { email: string; token?: string }): Promise<ServerAnswer | null> {
  return api.post<ServerAnswer | null>(API.passwordReset.forgotPassword, body);
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
