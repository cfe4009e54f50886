import { Link } from 'react-router';
import { withChanges } from '../lib/search-params';
import { CATALOG_TEXT } from '../texts';

/** The page numbers to show: the first, the last and two around the current one, with gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    // A gap of one page shows that page; only longer gaps collapse to "…".
    if (prev !== undefined && n - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && n - prev > 2) out.push(null);
    out.push(n);
  });
  return out;
}

const ITEM = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-medium';

/** Previous / Next and page numbers, as links so each page has its own URL (back restores it). */
export function Pagination({
  search,
  page,
  pages,
}: {
  search: URLSearchParams;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  const to = (n: number) => ({ search: `?${withChanges(search, { page: String(n) })}` });
  return (
    <nav
      aria-label={CATALOG_TEXT.pagination}
      className="mt-10 flex flex-wrap items-center justify-center gap-1"
    >
      {page > 1 ? (
        <Link
          to={to(page - 1)}
          rel="prev"
          className={`${ITEM} border border-stone-300 bg-white hover:bg-brand-50`}
        >
          {CATALOG_TEXT.previous}
        </Link>
      ) : (
        <span
          aria-disabled="true"
          className={`${ITEM} border border-stone-200 text-stone-600 cursor-not-allowed`}
        >
          {CATALOG_TEXT.previous}
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity beyond its place.
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={to(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={CATALOG_TEXT.pageLabel(n)}
                className={`${ITEM} ${n === page ? 'bg-brand-700 text-white' : 'text-stone-800 hover:bg-brand-50'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link
          to={to(page + 1)}
          rel="next"
          className={`${ITEM} border border-stone-300 bg-white hover:bg-brand-50`}
        >
          {CATALOG_TEXT.next}
        </Link>
      ) : (
        <span
          aria-disabled="true"
          className={`${ITEM} border border-stone-200 text-stone-600 cursor-not-allowed`}
        >
          {CATALOG_TEXT.next}
        </span>
      )}
    </nav>
  );
}
