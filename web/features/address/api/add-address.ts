import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { Address, AddressInput } from '../../../../common/schemas/address';
import { api, refreshCsrfToken } from '../../../lib/api-client';
import { addressesQueryKey } from './list-addresses';

/**
 * `POST /api/users/address`: 201 `{address}`. A fresh CSRF token is fetched first (SPEC.md §7), so a
 * token from before sign-in or from another tab never makes the save fail.
 */
export async function addAddress(body: AddressInput): Promise<Address> {
  await refreshCsrfToken();
  const { address } = await api.post<{ address: Address }>(API.address.collection, body);
  return address;
}

export function useAddAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
