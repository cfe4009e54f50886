import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { MINUTE } from '../../../../common/constants';
import type { PublicConfig } from '../../../../common/schemas/config';
import { api } from '../../../lib/api-client';

/** `GET /api/config`: the shop's public settings (DESIGN.md §5). The server caches it for 5 minutes. */
export function getSiteConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>(API.system.config);
}

export const siteConfigQuery = queryOptions({
  queryKey: ['siteConfig'],
  queryFn: getSiteConfig,
  staleTime: 5 * MINUTE,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
