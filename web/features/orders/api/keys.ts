/** TanStack Query keys of the order calls. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: () => ['orders', 'mine'] as const,
  minePage: (page: number) => ['orders', 'mine', page] as const,
  one: (orderId: string) => ['orders', 'one', orderId] as const,
};
