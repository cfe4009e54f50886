/** SPEC.md texts of the shop's navigation, shared by the components and their tests. */
export const NAV_TEXTS = {
  autocompleteError: 'Error fetching autocomplete',
  categoriesLoading: 'Loading Categories...',
  categoriesError: 'Error loading categories',
  searchLabel: 'Search products',
  // Short enough to show whole in the signed-in header's narrowest search box.
  searchPlaceholder: 'Search sarees, kurtas…',
  searchButton: 'Search',
  suggestionKind: { product: 'Product', category: 'Category', brand: 'Brand' },
  /** What a screen reader says for a suggestion: "Category: Kurtas for Men". */
  suggestionName: (kind: string, label: string) => `${kind}: ${label}`,
  home: 'Home',
  cart: 'Cart',
  categories: 'Categories',
  happyCustomers: 'Happy Customers',
  wishlist: 'Wishlist',
  login: 'Login',
  myOrders: 'My Orders',
  profile: 'Profile',
  logout: 'Logout',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  goHome: 'Go to Home',
  goCart: 'Go to Cart',
  goOrders: 'Go to My Orders',
  contactSupport: 'Contact Support',
  dockSearch: 'Search',
  dockOrders: 'Orders',
} as const;

/** Announced by the category menu after a choice so the navbar closes its menu (SPEC.md §4). */
export const CLOSE_NAVBAR_CATEGORIES_EVENT = 'close-navbar-categories';

/** The id of the navbar's search input; the mobile dock's Search button focuses it. */
export const SEARCH_INPUT_ID = 'site-search';

/** "Cart, 2 items" for links whose visible count is only a badge. */
export function cartLabel(base: string, count: number): string {
  return `${base}, ${count} ${count === 1 ? 'item' : 'items'}`;
}
