import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { Address, AddressInput } from '../../../../common/schemas/address';
import { api, refreshCsrfToken } from '../../../lib/api-client';
import { addressesQueryKey } from './list-addresses';

/** `PUT /api/users/address/{id}`: 200 `{address}`; a fresh CSRF token first, as for adding. */
export async function updateAddress({ id, body }: { id: string; body: AddressInput }): Promise<Address> {
  await refreshCsrfToken();
  const { address } = await api.put<{ address: Address }>(API.address.one(id), body);
  return address;
}

export function useUpdateAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
