import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';
import type { ServerAnswer } from './forgot-password';

/** `POST /api/users/verify-otp` {email, otp}: 200 "OTP verified successfully." (SPEC.md §7). */
export function verifyOtp(body: { email: string; otp: string }): Promise<ServerAnswer | null> {
  return api.post<ServerAnswer | null>(API.passwordReset.verifyOtp, body);
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
