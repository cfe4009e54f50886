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
