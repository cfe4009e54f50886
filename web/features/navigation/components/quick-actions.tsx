import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FLOATING_BADGE_BLINK_MS } from '../../../../common/constants';
import { CountBadge } from '../../../components/ui/count-badge';
import { CartIcon, HomeIcon, OrdersIcon, SupportIcon } from '../../../components/ui/icons';
import { cartLabel, NAV_TEXTS } from '../texts';

function QuickAction({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <li className="group relative">
      <Link to={to} aria-label={label} className="quick-action">
        {children}
      </Link>
      <span aria-hidden="true" className="quick-action-tip">
        {label.split(',')[0]}
      </span>
    </li>
  );
}

/**
 * Floating quick-action buttons (SPEC.md §2): Home, Cart with a badge, My Orders, Support. They float
 * only where nothing is: from 88rem (1408 px) the page's content (at most 80rem wide, centred) leaves a
 * free margin wider than the buttons. Narrower, they would cover rails, tiles and footer text, and the
 * header already links Home, Cart and My Orders (the bottom dock does on phones).
 */
export function QuickActions({ cartCount }: { cartCount: number }) {
  return (
    <nav aria-label="Quick actions" className="fixed right-2 bottom-6 z-30 hidden min-[88rem]:block">
      <ul className="flex flex-col gap-2.5">
        <QuickAction to="/" label={NAV_TEXTS.goHome}>
          <HomeIcon />
        </QuickAction>
        <QuickAction to="/cart" label={cartLabel(NAV_TEXTS.goCart, cartCount)}>
          <CartIcon />
          <CountBadge
            count={cartCount}
            blinkMs={FLOATING_BADGE_BLINK_MS}
            className="absolute -top-1 -right-1"
          />
        </QuickAction>
        <QuickAction to="/myorders" label={NAV_TEXTS.goOrders}>
          <OrdersIcon />
        </QuickAction>
        <QuickAction to="/contact" label={NAV_TEXTS.contactSupport}>
          <SupportIcon />
        </QuickAction>
      </ul>
    </nav>
  );
}
