import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CheckAuth, User } from '../../../common/schemas/auth';
import { toast } from '../../components/ui/toast';
import { HttpError, refreshCsrfToken } from '../../lib/api-client';
import { checkAuthQuery, checkAuthQueryKey, GUEST_STATUS } from './api/check-auth';
import { profileQueryKey } from './api/get-profile';
import { logout as logoutCall } from './api/logout';
import { SESSION_TEXTS } from './texts';

/** The user session (SPEC.md §3 "User session context"), plus the actions that change it. */
export interface Session {
  isAuthenticated: boolean;
  /** True until the first check-auth answer is in. */
  isAuthLoading: boolean;
  user: User | null;
  isMobVerified: boolean;
  lastPhoneReminder: Date | null;
  /** True while the status is being re-read from the server. */
  isRefreshing: boolean;
  /** After a successful sign-in or registration: sets the user directly (SPEC.md §4). */
  login: (user: User) => Promise<void>;
  /**
   * Ends the session and goes to / replacing history (SPEC.md §4). `callServer: false` only clears the
   * browser side, for when the server already ended the session (a closed account).
   */
  logout: (options?: { callServer?: boolean }) => Promise<void>;
  /** Re-reads check-auth from the server; failures keep the last known status. */
  refresh: () => Promise<void>;
  /** Records a new phone-reminder time in the cached status. */
  setLastPhoneReminder: (stamp: Date) => void;
}

const SessionContext = createContext<Session | null>(null);

/** SPEC.md §2: the automatic auth check is skipped in the admin area. */
export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith('/admin');
}

function toDate(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function refetchCsrf() {
  // The CSRF token is tied to the session, so a new session needs a new token.
  return refreshCsrfToken().then(
    () => undefined,
    () => {
      toast.error(SESSION_TEXTS.csrfError);
    },
  );
}

/** Provides `useSession()`; lives inside the router so logout can navigate. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const skipped = isAdminPath(pathname);
  const query = useQuery({ ...checkAuthQuery, enabled: !skipped });
  const status = query.data;

  const login = useCallback(
    async (user: User) => {
      const previous = queryClient.getQueryData<CheckAuth>(checkAuthQueryKey);
      queryClient.setQueryData<CheckAuth>(checkAuthQueryKey, {
        user,
        isMobVerified: user.isMobVerified,
        lastPhoneReminder: previous?.user?._id === user._id ? previous.lastPhoneReminder : null,
      });
      queryClient.removeQueries({ queryKey: profileQueryKey });
      // The login answer has no lastPhoneReminder: read it in the background (the phone reminder waits).
      void queryClient.invalidateQueries({ queryKey: checkAuthQueryKey, exact: true });
      await refetchCsrf();
    },
    [queryClient],
  );

  const logout = useCallback(
    async ({ callServer = true }: { callServer?: boolean } = {}) => {
      if (callServer) {
        try {
          await logoutCall();
        } catch (error) {
          // A 401 means the session had already ended: finish signing out in the browser.
          if (!(error instanceof HttpError && error.status === 401)) {
            toast.error(
              error instanceof HttpError
                ? SESSION_TEXTS.logoutFailed
                : SESSION_TEXTS.logoutError(error instanceof Error ? error.message : String(error)),
            );
            return;
          }
        }
      }
      // Leave the page first, so a guarded page does not send the shopper to sign-up on its way out.
      await navigate('/', { replace: true });
      queryClient.setQueryData<CheckAuth>(checkAuthQueryKey, GUEST_STATUS);
      queryClient.removeQueries({ queryKey: profileQueryKey });
      await refetchCsrf();
    },
    [navigate, queryClient],
  );

  const refresh = useCallback(async () => {
    try {
      await queryClient.fetchQuery({ ...checkAuthQuery, staleTime: 0 });
    } catch {
      // The last known status stays; the caller carries on.
    }
  }, [queryClient]);

  const setLastPhoneReminder = useCallback(
    (stamp: Date) => {
      queryClient.setQueryData<CheckAuth>(checkAuthQueryKey, (current) =>
        current ? { ...current, lastPhoneReminder: stamp.toISOString() } : current,
      );
    },
    [queryClient],
  );

  const value = useMemo<Session>(
    () => ({
      isAuthenticated: Boolean(status?.user),
      isAuthLoading: !skipped && query.isPending,
      user: status?.user ?? null,
      isMobVerified: status?.isMobVerified ?? false,
      lastPhoneReminder: toDate(status?.lastPhoneReminder ?? null),
      isRefreshing: query.isFetching,
      login,
      logout,
      refresh,
      setLastPhoneReminder,
    }),
    [status, skipped, query.isPending, query.isFetching, login, logout, refresh, setLastPhoneReminder],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}
