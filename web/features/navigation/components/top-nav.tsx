import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CATEGORIES_DROPDOWN_OPEN_DELAY_MS } from '../../../../common/constants';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../../../components/ui/icons';
import { categoryTreeQuery } from '../api/get-category-tree';
import { CLOSE_NAVBAR_CATEGORIES_EVENT, cartLabel, NAV_TEXTS } from '../texts';
import { CategoryMenu } from './category-menu';
import { SearchBox } from './search-box';

const SHOP_NAME = 'Pehnava';

const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link ${isActive ? 'nav-link--active' : ''}`;

/**
 * The top navigation (SPEC.md §2): logo, search, links, the Categories dropdown and, on small screens,
 * a hamburger menu. Clicking outside, pressing Escape, navigating or the category menu's
 * close-navbar-categories event closes the menu and the dropdown.
 */
export interface TopNavAccount {
  /** From the session (the layout passes it down: features do not import each other). */
  isAuthenticated: boolean;
  /** While the sign-in status is unknown, neither Login nor the account links show. */
  isAuthLoading: boolean;
  onLogout: () => void;
}

export function TopNav({ cartCount, account }: { cartCount: number; account: TopNavAccount }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [anchorLeft, setAnchorLeft] = useState(0);
  const headerRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const categoriesButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusPanelOnOpen = useRef(false);
  const queryClient = useQueryClient();
  const location = useLocation();
  const menuId = useId();
  const panelId = useId();

  const closeAll = useCallback(() => {
    clearTimeout(openTimer.current);
    setMenuOpen(false);
    setCategoriesOpen(false);
  }, []);

  // A navigation (a link, a search, the back button) closes whatever was open.
  const [previousKey, setPreviousKey] = useState(location.key);
  if (location.key !== previousKey) {
    setPreviousKey(location.key);
    setMenuOpen(false);
    setCategoriesOpen(false);
  }

  useEffect(() => {
    window.addEventListener(CLOSE_NAVBAR_CATEGORIES_EVENT, closeAll);
    return () => window.removeEventListener(CLOSE_NAVBAR_CATEGORIES_EVENT, closeAll);
  }, [closeAll]);

  useEffect(() => () => clearTimeout(openTimer.current), []);

  useEffect(() => {
    if (!menuOpen && !categoriesOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) closeAll();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeAll();
      const button = categoriesButtonRef.current;
      if (categoriesOpen && button?.offsetParent) button.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen, categoriesOpen, closeAll]);

  useEffect(() => {
    if (categoriesOpen && focusPanelOnOpen.current) {
      focusPanelOnOpen.current = false;
      panelRef.current?.focus();
    }
  }, [categoriesOpen]);

  function prefetchCategories() {
    void queryClient.prefetchQuery(categoryTreeQuery);
  }

  function toggleCategories() {
    clearTimeout(openTimer.current);
    if (menuOpen) {
      // On small screens the menu folds away first; the dropdown follows 300 ms later (SPEC.md §9).
      setMenuOpen(false);
      focusPanelOnOpen.current = true;
      openTimer.current = setTimeout(() => setCategoriesOpen(true), CATEGORIES_DROPDOWN_OPEN_DELAY_MS);
      return;
    }
    const button = categoriesButtonRef.current;
    const bar = barRef.current;
    if (button && bar) {
      setAnchorLeft(button.getBoundingClientRect().left - bar.getBoundingClientRect().left);
    }
    setCategoriesOpen((isOpen) => !isOpen);
  }

  return (
    <header ref={headerRef} className="site-header relative z-40">
      <div className="textile-band" aria-hidden="true" />
      <div
        ref={barRef}
        className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 lg:flex-nowrap lg:px-6"
      >
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2.5 rounded-lg"
          aria-label={`${SHOP_NAME} home`}
        >
          <img src="/logo.svg" alt="" width={36} height={36} className="size-9" />
          <span className="font-display text-2xl font-semibold tracking-tight text-brand-800">
            {SHOP_NAME}
          </span>
        </Link>

        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? NAV_TEXTS.closeMenu : NAV_TEXTS.openMenu}
          onClick={() => {
            clearTimeout(openTimer.current);
            setCategoriesOpen(false);
            setMenuOpen((isOpen) => !isOpen);
          }}
          className="ml-auto inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100 lg:hidden"
        >
          {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>

        <SearchBox className="order-3 w-full lg:order-none lg:w-auto lg:max-w-xl lg:flex-1" />

        <nav
          id={menuId}
          aria-label="Main"
          className={`${menuOpen ? 'block' : 'hidden'} order-4 w-full lg:order-none lg:ml-auto lg:block lg:w-auto`}
        >
          <ul className="flex flex-col gap-0.5 rounded-2xl border border-brand-100 bg-white p-2 lg:flex-row lg:items-center lg:gap-1 lg:border-0 lg:bg-transparent lg:p-0">
            <li>
              <NavLink to="/" end className={linkClass}>
                {NAV_TEXTS.home}
              </NavLink>
            </li>
            <li>
              <NavLink to="/cart" className={linkClass} aria-label={cartLabel(NAV_TEXTS.cart, cartCount)}>
                {NAV_TEXTS.cart}
                <span className="nav-count" aria-hidden="true">
                  {cartCount}
                </span>
              </NavLink>
            </li>
            <li>
              <button
                ref={categoriesButtonRef}
                type="button"
                aria-expanded={categoriesOpen}
                aria-controls={panelId}
                onClick={toggleCategories}
                onPointerEnter={prefetchCategories}
                onFocus={prefetchCategories}
                className={`nav-link w-full ${categoriesOpen ? 'nav-link--active' : ''}`}
              >
                {NAV_TEXTS.categories}
                <ChevronDownIcon
                  className={`ml-auto size-4 transition-transform lg:ml-0 ${categoriesOpen ? 'rotate-180' : ''}`}
                />
              </button>
            </li>
            <li>
              <NavLink to="/happy-customers" className={linkClass}>
                {NAV_TEXTS.happyCustomers}
              </NavLink>
            </li>
            <li>
              <NavLink to="/wishlist" className={linkClass}>
                {NAV_TEXTS.wishlist}
              </NavLink>
            </li>
            {!account.isAuthLoading && account.isAuthenticated && (
              <>
                <li>
                  <NavLink to="/myorders" className={linkClass}>
                    {NAV_TEXTS.myOrders}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/profile" className={linkClass}>
                    {NAV_TEXTS.profile}
                  </NavLink>
                </li>
                <li>
                  <button type="button" onClick={account.onLogout} className="nav-link w-full">
                    {NAV_TEXTS.logout}
                  </button>
                </li>
              </>
            )}
            {!account.isAuthLoading && !account.isAuthenticated && (
              <li>
                <NavLink to="/auth?mode=login" className={linkClass}>
                  {NAV_TEXTS.login}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>

        {categoriesOpen && (
          <div
            ref={panelRef}
            id={panelId}
            tabIndex={-1}
            style={{ '--menu-left': `${anchorLeft}px` } as CSSProperties}
            className="categories-panel order-5 w-full lg:absolute lg:top-full lg:left-(--menu-left) lg:-mt-1 lg:w-64"
          >
            <CategoryMenu />
          </div>
        )}
      </div>
    </header>
  );
}
