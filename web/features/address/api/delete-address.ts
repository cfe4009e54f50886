import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';
import { addressesQueryKey } from './list-addresses';

/** `DELETE /api/users/address/{id}`: 200; a deleted default passes to the newest remaining address. */
export async function deleteAddress(id: string): Promise<void> {
  await api.delete<{ message: string }>(API.address.one(id));
}

export function useDeleteAddressMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
