import { Suspense, useCallback, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { toast } from '../../components/ui/toast';
import { AnalyticsTracker } from '../../features/analytics/analytics-tracker';
import { PhoneReminder } from '../../features/auth/components/phone-reminder';
import { useSession } from '../../features/auth/session';
import { useCart } from '../../features/cart/cart-context';
import { BottomDock } from '../../features/navigation/components/bottom-dock';
import { QuickActions } from '../../features/navigation/components/quick-actions';
import { TopNav } from '../../features/navigation/components/top-nav';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { refreshCsrfToken } from '../../lib/api-client';
import { interruptionsHeld } from '../route-handle';
import { SiteFooter } from './site-footer';
import { LAYOUT_TEXTS } from './texts';
import { Toaster } from './toaster';

let csrfRequested = false;

/** Fetches the CSRF token once per page load (SPEC.md §7), even when StrictMode runs effects twice. */
function useCsrfTokenAtStartup() {
  useEffect(() => {
    if (csrfRequested) return;
    csrfRequested = true;
    refreshCsrfToken().catch(() => toast.error(LAYOUT_TEXTS.csrfError));
  }, []);
}

/** The page frame every route renders in (SPEC.md §2). */
export function RootLayout() {
  useCsrfTokenAtStartup();
  const cartCount = useCart().items.length;
  const session = useSession();
  const { logout } = session;
  const onLogout = useCallback(() => void logout(), [logout]);
  const holdInterruptions = interruptionsHeld(useMatches());
  // The footer names the Grievance Officer, as the Consumer Protection (E-Commerce) Rules, 2020 ask.
  const siteConfig = useSiteConfig();

  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollRestoration />
      <a href="#main" className="skip-link">
        {LAYOUT_TEXTS.skipToContent}
      </a>
      <TopNav
        cartCount={cartCount}
        account={{ isAuthenticated: session.isAuthenticated, isAuthLoading: session.isAuthLoading, onLogout }}
      />
      {/* No gutter: bands reach both edges and centred content is centred on the page. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense
          fallback={
            <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-center text-stone-600">
              {LAYOUT_TEXTS.loading}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter grievanceOfficer={siteConfig.data?.grievanceOfficer} />
      <QuickActions cartCount={cartCount} />
      <BottomDock cartCount={cartCount} />
      <PhoneReminder held={holdInterruptions} />
      <Toaster />
      <AnalyticsTracker />
    </div>
  );
}
