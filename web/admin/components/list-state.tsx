import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ADMIN_TEXTS } from '../texts';

/** Loading, failed (with a retry), empty, or the data: the four states of every staff list. */
export function ListState<T>({
  query,
  isEmpty,
  empty = ADMIN_TEXTS.empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p className="mt-4 text-stone-600">{ADMIN_TEXTS.loading}</p>;
  if (query.isError) {
    return (
      <div role="alert" className="mt-4 space-y-2">
        <p>{ADMIN_TEXTS.failed}</p>
        <button type="button" className="btn-secondary" onClick={() => query.refetch()}>
          {ADMIN_TEXTS.retry}
        </button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <p className="mt-4 text-stone-600">{empty}</p>;
  return <>{children(query.data)}</>;
}
