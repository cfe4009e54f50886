/** The pager's texts (SPEC.md §2: Previous and Next with "Page X of Y"). */
export const PAGER_TEXTS = {
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

/**
 * Previous and Next with "Page X of Y" between them, each disabled at its end. Lists that hide it on
 * a single page leave it out themselves; the archive always shows it (SPEC.md §2).
 */
export function Pager({
  page,
  pages,
  onPageChange,
  label,
  className = '',
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** The navigation's accessible name. */
  label: string;
  className?: string;
}) {
  const button = 'btn-secondary disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className={`flex items-center justify-center gap-3 ${className}`}>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {PAGER_TEXTS.previous}
      </button>
      <span className="text-sm text-stone-700" aria-live="polite">
        {PAGER_TEXTS.pageOf(page, pages)}
      </span>
      <button
        type="button"
        className={button}
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        {PAGER_TEXTS.next}
      </button>
    </nav>
  );
}
