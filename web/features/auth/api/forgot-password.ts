import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_API } from './paths';

export interface ServerAnswer {
  message?: unknown;
}

/** `POST /api/users/forgot-password` {email, token}: "OTP sent to registered email" means success (SPEC.md §7). */
export function forgotPassword(body: { email: string; token?: string }): Promise<ServerAnswer | null> {
  return api.post<ServerAnswer | null>(USERS_API.forgotPassword, body);
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
