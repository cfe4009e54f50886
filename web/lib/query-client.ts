import { QueryClient } from '@tanstack/react-query';

/** One query client for the app; per-query cache times come from SPEC.md §9 where it names them. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}
