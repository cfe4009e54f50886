import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from '../app/layout/toaster';
import { createQueryClient } from '../lib/query-client';
import { AdminLayout } from './components/admin-layout';

// Each screen is its own chunk: a support colleague on a phone downloads only what they open.
const SignInPage = lazy(() => import('./routes/sign-in'));
const DashboardPage = lazy(() => import('./routes/dashboard'));
const AcceptInvitePage = lazy(() => import('./routes/accept-invite'));
const OrdersPage = lazy(() => import('./routes/orders'));
const OrderPage = lazy(() => import('./routes/order'));
const ReturnsPage = lazy(() => import('./routes/returns'));
const ReviewsPage = lazy(() => import('./routes/reviews'));
const CustomersPage = lazy(() => import('./routes/customers'));
const CustomerPage = lazy(() => import('./routes/customer'));
const AuditPage = lazy(() => import('./routes/audit'));
const StaffPage = lazy(() => import('./routes/staff'));
const SettingsPage = lazy(() => import('./routes/settings'));
const AccountPage = lazy(() => import('./routes/account'));
const ProductsPage = lazy(() => import('./routes/products'));
const ProductFormPage = lazy(() => import('./routes/product-form'));
const ImportExportPage = lazy(() => import('./routes/import-export'));
const CategoriesPage = lazy(() => import('./routes/categories'));
const GrievancesPage = lazy(() => import('./routes/grievances'));
const GrievancePage = lazy(() => import('./routes/grievance'));

const router = createBrowserRouter(
  [
    { path: 'sign-in', element: <SignInPage /> },
    { path: 'accept-invite', element: <AcceptInvitePage /> },
    {
      path: '/',
      element: <AdminLayout />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'orders', element: <OrdersPage /> },
        { path: 'orders/:id', element: <OrderPage /> },
        { path: 'returns', element: <ReturnsPage /> },
        { path: 'products', element: <ProductsPage /> },
        { path: 'products/import', element: <ImportExportPage /> },
        { path: 'products/:id', element: <ProductFormPage /> },
        { path: 'categories', element: <CategoriesPage /> },
        { path: 'reviews', element: <ReviewsPage /> },
        { path: 'grievances', element: <GrievancesPage /> },
        { path: 'grievances/:ticketNumber', element: <GrievancePage /> },
        { path: 'customers', element: <CustomersPage /> },
        { path: 'customers/:id', element: <CustomerPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: 'staff', element: <StaffPage /> },
        { path: 'settings', element: <SettingsPage /> },
        { path: 'account', element: <AccountPage /> },
      ],
    },
  ],
  { basename: '/admin' },
);

export function AdminApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
