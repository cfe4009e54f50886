import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';
import { USERS_API } from './paths';

/** `POST /api/users/phone/verify` {otp}: marks the profile's mobile number verified. */
export function verifyPhone(otp: string): Promise<unknown> {
  return api.post<unknown>(USERS_API.phoneVerify, { otp });
}

export function useVerifyPhoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
