import { useSearchParams } from 'react-router';
import { Pager } from '../../components/ui/pager';

/** The page a staff list is on, from `?page=` (the first when missing or not a page number). */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page')) || 1);
}

/**
 * Previous and Next for a staff list whose page lives in the URL: a step keeps the list's filters and
 * changes only `page`, so a link opens the same view. Nothing when everything fits on one page.
 */
export function UrlPager({ page, pages, label }: { page: number; pages: number; label: string }) {
  const [params, setParams] = useSearchParams();
  if (pages <= 1) return null;
  return (
    <Pager
      className="mt-4"
      label={label}
      page={page}
      pages={pages}
      onPageChange={(next) => {
        const nextParams = new URLSearchParams(params);
        nextParams.set('page', String(next));
        setParams(nextParams);
      }}
    />
  );
}
