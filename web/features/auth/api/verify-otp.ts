import { useMutation } from '@tanstack/react-query';
import { api, refreshCsrfToken } from '../../../lib/api-client';
import type { ServerAnswer } from './forgot-password';
import { USERS_API } from './paths';

/** `POST /api/users/verify-otp` {email, otp}: 200 "OTP verified successfully." (SPEC.md §7). */
export async function verifyOtp(body: { email: string; otp: string }): Promise<ServerAnswer | null> {
  const answer = await api.post<ServerAnswer | null>(USERS_API.verifyOtp, body);
  // The server grants the reset to a brand-new session (against session fixation), and the CSRF token
  // is tied to the session: without a fresh token the reset call would be refused.
  await refreshCsrfToken().catch(() => undefined);
  return answer;
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
