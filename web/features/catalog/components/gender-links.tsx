import { Link } from 'react-router';
import { TOP_LEVEL_CATEGORIES, type TopLevelCategory } from '../../../../common/constants';

const LABELS: Record<TopLevelCategory, { label: string; hint: string; tint: string }> = {
  Men: { label: 'Men', hint: 'Kurtas & shirts', tint: 'bg-brand-100 text-brand-800' },
  Women: { label: 'Women', hint: 'Sarees & suits', tint: 'bg-marigold-100 text-brand-900' },
  Boy: { label: 'Boys', hint: 'Festive & play', tint: 'bg-sky-100 text-sky-900' },
  Girl: { label: 'Girls', hint: 'Lehengas & more', tint: 'bg-rose-100 text-rose-900' },
  Brand: { label: 'Brands', hint: 'Our partners', tint: 'bg-emerald-100 text-emerald-900' },
  Others: { label: 'Others', hint: 'Gifts & home', tint: 'bg-violet-100 text-violet-900' },
};

/** The six entry points of the category menu (SPEC.md §3), each opening its search. */
export function GenderLinks() {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
      {TOP_LEVEL_CATEGORIES.map((gender) => {
        const { label, hint, tint } = LABELS[gender];
        return (
          <li key={gender}>
            <Link
              to={`/search?gender=${encodeURIComponent(gender)}`}
              className="flex h-full flex-col items-center gap-2 rounded-2xl border border-brand-100 bg-white p-3 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className={`flex size-12 items-center justify-center rounded-full font-display text-xl font-semibold ${tint}`}
              >
                {label.charAt(0)}
              </span>
              <span className="text-sm font-semibold text-stone-900">{label}</span>
              <span className="hidden text-xs text-stone-600 sm:block">{hint}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
