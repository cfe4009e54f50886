import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SessionProvider, useSession } from '../features/auth/session';
import { CartProvider } from '../features/cart/cart-context';
import { LikesProvider } from '../features/likes/likes-context';
import { createQueryClient } from '../lib/query-client';

/** App-wide state outside the router: the query cache and the cart. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>{children}</CartProvider>
    </QueryClientProvider>
  );
}

/** Hands the session to the likes as props (features do not import each other). */
function LikesFromSession({ children }: { children: ReactNode }) {
  const session = useSession();
  return (
    <LikesProvider
      isAuthenticated={session.isAuthenticated}
      isAuthLoading={session.isAuthLoading}
      userId={session.user?._id ?? null}
    >
      {children}
    </LikesProvider>
  );
}

/**
 * State that needs the router (logout navigates, the auth check is skipped under /admin): the session,
 * and the likes that follow it. The root route renders it around the layout.
 */
export function SessionProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <LikesFromSession>{children}</LikesFromSession>
    </SessionProvider>
  );
}
