import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { ErrorPage } from './layout/error-page';
import { RootLayout } from './layout/root-layout';

// Every page loads lazily; the root layout shows "Loading..." while one arrives (SPEC.md §2).
const HomePage = lazy(() => import('./routes/home'));
const CartPage = lazy(() => import('./routes/cart'));
const ProductPage = lazy(() => import('./routes/product'));
const SearchPage = lazy(() => import('./routes/search'));
const AboutPage = lazy(() => import('./routes/about'));
const ContactPage = lazy(() => import('./routes/contact'));
const PrivacyPolicyPage = lazy(() => import('./routes/privacy-policy'));
const TermsPage = lazy(() => import('./routes/terms'));
const HappyCustomersPage = lazy(() => import('./routes/happy-customers'));

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'product/:id', element: <ProductPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'happy-customers', element: <HappyCustomersPage /> },
      { path: '*', element: <ErrorPage /> },
    ],
  },
]);
