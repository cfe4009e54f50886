/** TanStack Query keys of the order calls. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: () => ['orders', 'mine'] as const,
  minePage: (page: number) => ['orders', 'mine', page] as const,
  one: (orderId: string) => ['orders', 'one', orderId] as const,
  /** What placing an online order answered to open its payment; held only in this page's memory. */
  payment: (orderId: string) => ['orders', 'payment', orderId] as const,
  archivedPage: (page: number) => ['orders', 'archived', page] as const,
};
