import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { MINUTE } from '../../../../common/constants';
import type { Serviceability } from '../../../../common/schemas/shipping';
import { api, HttpError, toQueryString } from '../../../lib/api-client';

export const serviceabilityQueryKey = (pincode: string) => ['shipping', 'serviceability', pincode] as const;

/** `GET /api/shipping/serviceability?pincode=`: can the courier deliver there, with COD, how fast. */
export function checkServiceability(pincode: string): Promise<Serviceability> {
  return api.get<Serviceability>(`${API.shipping.serviceability}${toQueryString({ pincode })}`);
}

/** The courier's answer for a valid pincode; idle while `pincode` is null. */
export function useServiceability(pincode: string | null) {
  return useQuery({
    queryKey: serviceabilityQueryKey(pincode ?? ''),
    queryFn: () => checkServiceability(pincode ?? ''),
    enabled: pincode !== null,
    // A pincode's answer changes rarely; the server lets caches keep it 10 minutes too.
    staleTime: 10 * MINUTE,
    // Any answer from the server stands (it has already asked the courier); only a lost request is
    // tried once more. The shopper can press Check again.
    retry: (failures, error) => !(error instanceof HttpError) && failures < 1,
  });
}
