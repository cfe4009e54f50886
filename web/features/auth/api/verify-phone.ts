import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/** `POST /api/users/phone/verify` {otp}: marks the profile's mobile number verified. */
export function verifyPhone(otp: string): Promise<unknown> {
  return api.post<unknown>(API.phone.verify, { otp });
}

export function useVerifyPhoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
