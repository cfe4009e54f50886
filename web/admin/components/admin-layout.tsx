import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { API } from '../../../common/api-paths';
import type { Permission } from '../../../common/staff';
import { api } from '../../lib/api-client';
import { useVisitor } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

interface NavItem {
  to: string;
  label: string;
  permission: Permission;
  /** Among the four a phone shows in its bottom bar; the rest are under More. */
  primary?: boolean;
}

/** Where a member sets up two-factor sign-in; the only screen open to them while the owner requires it. */
const ACCOUNT_PATH = '/account';

/** The screens, in the order staff reach for them; each shows only to a role that may use it. */
export const NAV: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', permission: 'shop:read', primary: true },
  { to: '/orders', label: 'Orders', permission: 'shop:read', primary: true },
  { to: '/returns', label: 'Returns', permission: 'shop:read', primary: true },
  { to: '/products', label: 'Products', permission: 'shop:read', primary: true },
  { to: '/reviews', label: 'Reviews', permission: 'shop:read' },
  { to: '/grievances', label: 'Grievances', permission: 'shop:read' },
  { to: '/customers', label: 'Customers', permission: 'shop:read' },
  { to: '/categories', label: 'Categories', permission: 'shop:read' },
  { to: '/products/import', label: 'Import / Export', permission: 'shop:read' },
  { to: '/audit', label: 'Audit log', permission: 'audit:read' },
  { to: '/staff', label: 'Staff', permission: 'staff:manage' },
  { to: '/settings', label: 'Settings', permission: 'staff:manage' },
  { to: ACCOUNT_PATH, label: 'My account', permission: 'shop:read' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-100 text-brand-800' : 'text-stone-700 hover:bg-stone-100'
  }`;

function Loading() {
  return <p className="p-4 text-stone-600">{ADMIN_TEXTS.loading}</p>;
}

/**
 * The back office's frame: a sidebar on a wide screen, a bottom bar with More on a phone. A guest is
 * sent to the staff sign-in (and brought back), a customer is told the area is for staff.
 */
export function AdminLayout() {
  const visitor = useVisitor();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [moreOpen, setMoreOpen] = useState(false);

  if (visitor.isPending) return <Loading />;
  if (visitor.data?.kind === 'guest') {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/sign-in?redirect=${back}`} replace />;
  }
  if (visitor.data?.kind !== 'staff') {
    const refused = visitor.data?.kind === 'customer';
    return (
      <main className="mx-auto max-w-md p-6 text-center">
        <h1 className="font-display text-2xl text-brand-800">{ADMIN_TEXTS.title}</h1>
        <p className="mt-4" role="alert">
          {refused ? ADMIN_TEXTS.staffOnly : ADMIN_TEXTS.failed}
        </p>
        <a href="/" className="btn-secondary mt-6 inline-block">
          {ADMIN_TEXTS.backToShop}
        </a>
      </main>
    );
  }

  const me = visitor.data;
  // Every other staff call answers 403 until the member sets up the second factor the owner requires.
  if (me.twoFactorSetupRequired && location.pathname !== ACCOUNT_PATH) {
    return <Navigate to={ACCOUNT_PATH} replace />;
  }
  const items = NAV.filter(
    (item) =>
      me.permissions.includes(item.permission) && (!me.twoFactorSetupRequired || item.to === ACCOUNT_PATH),
  );
  const primary = items.filter((item) => item.primary);
  const signOut = async () => {
    await api.post(API.users.logout);
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  };

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[14rem_1fr] md:grid-rows-[auto_1fr]">
      <header className="flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 md:col-span-2">
        <Link to="/" className="font-display text-lg text-brand-800">
          {ADMIN_TEXTS.title}
        </Link>
        <div className="flex items-center gap-3 text-sm">
          <span className="hidden text-stone-600 sm:inline">
            {me.user.name} · {me.user.role}
          </span>
          <button type="button" className="text-link" onClick={signOut}>
            {ADMIN_TEXTS.signOut}
          </button>
        </div>
      </header>
      <nav
        aria-label={ADMIN_TEXTS.navigation}
        className="hidden border-r border-stone-200 bg-white p-3 md:block"
      >
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-w-0 p-4 pb-24 md:p-6">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <nav
        aria-label={ADMIN_TEXTS.navigation}
        className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white md:hidden"
      >
        {moreOpen && (
          <ul className="max-h-[60dvh] space-y-1 overflow-y-auto border-b border-stone-200 p-3">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={linkClass}
                  onClick={() => setMoreOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
        <ul className="flex justify-around">
          {primary.slice(0, 4).map((item) => (
            <li key={item.to} className="flex-1">
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) =>
                  `block px-1 py-3 text-center text-xs font-medium ${isActive ? 'text-brand-700 underline' : 'text-stone-600'}`
                }
                onClick={() => setMoreOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="flex-1">
            <button
              type="button"
              aria-expanded={moreOpen}
              className="block w-full px-1 py-3 text-center text-xs font-medium text-stone-600"
              onClick={() => setMoreOpen((open) => !open)}
            >
              {ADMIN_TEXTS.more}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
