import { REVIEW_TEXTS } from '../texts';

/** Previous and Next with "Page X of Y"; each is disabled at its end, nothing shows for one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {REVIEW_TEXTS.previous}
      </button>
      <span className="text-sm text-stone-700">{REVIEW_TEXTS.pageOf(page, pages)}</span>
      <button
        type="button"
        className="btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {REVIEW_TEXTS.next}
      </button>
    </nav>
  );
}
