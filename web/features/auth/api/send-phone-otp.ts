import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';

/** `POST /api/users/phone/send-otp`: texts a 6-digit code to the profile's mobile number. */
export function sendPhoneOtp(): Promise<unknown> {
  return api.post<unknown>(API.phone.sendOtp);
}

export function useSendPhoneOtpMutation() {
  return useMutation({ mutationFn: sendPhoneOtp });
}
