import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { Address } from '../../../../common/schemas/address';
import { api } from '../../../lib/api-client';
import { addressesQueryKey } from './list-addresses';

/** `PATCH /api/users/address/{id}/default`: 200 `{address}`; the previous default is cleared. */
export async function setDefaultAddress(id: string): Promise<Address> {
  const { address } = await api.patch<{ address: Address }>(API.address.setDefault(id));
  return address;
}

export function useSetDefaultAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
