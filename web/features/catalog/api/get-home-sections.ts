import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { HomeSections } from '../../../../common/schemas/catalog';
import { api } from '../../../lib/api-client';

export const homeSectionsQueryKey = ['catalog', 'home'] as const;

/** GET /api/products/home: new arrivals, best sellers, deals and category tiles. */
export function fetchHomeSections(): Promise<HomeSections> {
  return api.get<HomeSections>(API.catalog.home);
}

export function useHomeSections() {
  return useQuery({ queryKey: homeSectionsQueryKey, queryFn: fetchHomeSections });
}
