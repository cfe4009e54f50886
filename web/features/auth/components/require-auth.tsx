import { Navigate, Outlet, useLocation } from 'react-router';
import { authPath } from '../lib/redirect';
import { useSession } from '../session';
import { SESSION_TEXTS } from '../texts';

/** A spinner with a spoken status, shown while the sign-in status is being decided. */
export function AuthLoading() {
  return (
    <div
      role="status"
      className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-16 text-stone-600"
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
      <span>{SESSION_TEXTS.checking}</span>
    </div>
  );
}

/**
 * A layout route for pages that need a signed-in shopper (SPEC.md §2, §6): a loading indicator while the
 * status is decided, guests go to /auth?mode=signup with where they were going kept in `redirect`.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isAuthLoading) return <AuthLoading />;
  if (!session.isAuthenticated) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={authPath('signup', target)} replace />;
  }
  return <Outlet />;
}
