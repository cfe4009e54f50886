import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { GRIEVANCE_STATUS_PAGE } from '../../common/schemas/grievances';
import { RequireAuth } from '../features/auth/components/require-auth';
import { keyThisHistoryEntry } from '../lib/history-entry-key';
import { ErrorPage } from './layout/error-page';
import { RootLayout } from './layout/root-layout';
import { SessionProviders } from './providers';
import { UNINTERRUPTED } from './route-handle';

// Every page loads lazily; the root layout shows "Loading..." while one arrives (SPEC.md §2).
const HomePage = lazy(() => import('./routes/home'));
const CartPage = lazy(() => import('./routes/cart'));
const ProductPage = lazy(() => import('./routes/product'));
const SearchPage = lazy(() => import('./routes/search'));
const AboutPage = lazy(() => import('./routes/about'));
const ContactPage = lazy(() => import('./routes/contact'));
const PrivacyPolicyPage = lazy(() => import('./routes/privacy-policy'));
const GrievanceStatusPage = lazy(() => import('./routes/grievance-status'));
const TermsPage = lazy(() => import('./routes/terms'));
const HappyCustomersPage = lazy(() => import('./routes/happy-customers'));
const AuthPage = lazy(() => import('./routes/auth'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const ProfilePage = lazy(() => import('./routes/profile'));
const WishlistPage = lazy(() => import('./routes/wishlist'));
const AddressPage = lazy(() => import('./routes/address'));
const CheckoutPage = lazy(() => import('./routes/checkout'));
const MyOrdersPage = lazy(() => import('./routes/my-orders'));
const ArchivedOrdersPage = lazy(() => import('./routes/archived-orders'));
const OrderConfirmedPage = lazy(() => import('./routes/order-confirmed'));

// Before the router reads the entry: a page loaded afresh must not share its scroll position with
// every other page loaded afresh in this tab (see keyThisHistoryEntry).
keyThisHistoryEntry(window.history);

export const router = createBrowserRouter([
  {
    path: '/',
    element: (
      <SessionProviders>
        <RootLayout />
      </SessionProviders>
    ),
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'product/:id', element: <ProductPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: GRIEVANCE_STATUS_PAGE.slice(1), element: <GrievanceStatusPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'happy-customers', element: <HappyCustomersPage /> },
      { path: 'wishlist', element: <WishlistPage /> },
      { path: 'auth', element: <AuthPage />, handle: UNINTERRUPTED },
      { path: 'forgotpwd', element: <ForgotPasswordPage /> },
      {
        // Signed-in shoppers only (SPEC.md §2, §6).
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'address', element: <AddressPage /> },
          { path: 'checkout', element: <CheckoutPage />, handle: UNINTERRUPTED },
          { path: 'myorders', element: <MyOrdersPage /> },
          { path: 'order-confirmed/:id', element: <OrderConfirmedPage />, handle: UNINTERRUPTED },
          { path: 'archivedorders', element: <ArchivedOrdersPage /> },
        ],
      },
      { path: '*', element: <ErrorPage /> },
    ],
  },
]);
