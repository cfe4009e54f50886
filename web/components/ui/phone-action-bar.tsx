import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** Below Tailwind's md breakpoint (48rem), where the bottom dock shows instead of the floating buttons. */
const PHONE_QUERY = '(max-width: 47.99rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * True at phone widths. A page's main action is rendered once, in the phone bar or in its summary card,
 * never both: two "Place order" buttons would be read out twice and confuse a keyboard user.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(PHONE_QUERY).matches ?? false,
    () => false,
  );
}

/**
 * The total and the main action, kept in reach at the bottom of a phone's screen just above the bottom
 * dock. Sticky rather than fixed: it rests at the end of the page's content, so it never covers the
 * footer. Render it as the last child of the element that holds the whole page.
 */
export function PhoneActionBar({
  label,
  total,
  children,
}: {
  label: string;
  total: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="phone-action-bar" data-testid="phone-action-bar">
      <p className="min-w-0">
        <span className="block text-xs text-stone-600">{label}</span>
        <span className="block text-lg font-semibold text-stone-900">{total}</span>
      </p>
      {children}
    </div>
  );
}
