import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { Address, AddressList } from '../../../../common/schemas/address';
import { api } from '../../../lib/api-client';

export const addressesQueryKey = ['addresses'] as const;

/** `GET /api/users/address`: the shopper's addresses, the default first. */
export async function listAddresses(): Promise<Address[]> {
  const { addresses } = await api.get<AddressList>(API.address.collection);
  return addresses;
}

export const addressesQuery = queryOptions({ queryKey: addressesQueryKey, queryFn: listAddresses });

export function useAddresses() {
  return useQuery(addressesQuery);
}
