import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_API } from './paths';

/** `POST /api/users/phone/send-otp`: texts a 6-digit code to the profile's mobile number. */
export function sendPhoneOtp(): Promise<unknown> {
  return api.post<unknown>(USERS_API.phoneSendOtp);
}

export function useSendPhoneOtpMutation() {
  return useMutation({ mutationFn: sendPhoneOtp });
}
