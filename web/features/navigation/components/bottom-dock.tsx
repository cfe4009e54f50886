import { NavLink, useNavigate } from 'react-router';
import { DOCK_BADGE_BLINK_MS } from '../../../../common/constants';
import { CountBadge } from '../../../components/ui/count-badge';
import { CartIcon, HomeIcon, OrdersIcon, SearchIcon } from '../../../components/ui/icons';
import { cartLabel, NAV_TEXTS, SEARCH_INPUT_ID } from '../texts';

const itemClass = ({ isActive }: { isActive: boolean }) => `dock-item ${isActive ? 'dock-item--active' : ''}`;

/** The bottom dock on small screens (SPEC.md §2): Home, Search, Cart with a badge, Orders. */
export function BottomDock({ cartCount }: { cartCount: number }) {
  const navigate = useNavigate();

  function search() {
    const input = document.getElementById(SEARCH_INPUT_ID);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.scrollIntoView({ block: 'center', behavior: 'smooth' });
    } else {
      navigate('/search');
    }
  }

  return (
    <nav aria-label="Shortcuts" className="bottom-dock md:hidden">
      <ul className="grid grid-cols-4">
        <li>
          <NavLink to="/" end className={itemClass}>
            <HomeIcon />
            <span>{NAV_TEXTS.home}</span>
          </NavLink>
        </li>
        <li>
          <button type="button" onClick={search} className="dock-item w-full">
            <SearchIcon />
            <span>{NAV_TEXTS.dockSearch}</span>
          </button>
        </li>
        <li>
          <NavLink to="/cart" className={itemClass} aria-label={cartLabel(NAV_TEXTS.cart, cartCount)}>
            <span className="relative">
              <CartIcon />
              <CountBadge
                count={cartCount}
                blinkMs={DOCK_BADGE_BLINK_MS}
                className="absolute -top-2 -right-3"
              />
            </span>
            <span>{NAV_TEXTS.cart}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to="/myorders" className={itemClass}>
            <OrdersIcon />
            <span>{NAV_TEXTS.dockOrders}</span>
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
