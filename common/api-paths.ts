/** Paths of the HTTP contract (DESIGN.md §5, SPEC.md §7), shared by the server routes and the web client. */
export const API = {
  health: '/api/health',
  config: '/api/config',
  csrf: '/api/users/dancingcable',
  products: '/api/products',
  productsHome: '/api/products/home',
  productsSearch: '/api/products/search',
  categoryTree: '/api/products/category-tree',
  autocomplete: '/api/products/autocomplete',
  product: (id: string) => `/api/products/${encodeURIComponent(id)}`,
  analyticsCollect: '/api/analytics/collect',
} as const;

/** The staff API under /api/admin (every call needs a staff session; see common/staff.ts). */
export const ADMIN_API = {
  me: '/api/admin/me',
  /** Staff with two-factor sign-in on: the authenticator code that completes a sign-in. */
  login2fa: '/api/users/login/2fa',
  customers: '/api/admin/customers',
  audit: '/api/admin/audit',
} as const;
