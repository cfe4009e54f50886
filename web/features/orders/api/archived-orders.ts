import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API } from '../../../../common/api-paths';
import { api, toQueryString } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** One line as the archive shows it; null where the stored order did not capture the value. */
export interface ArchivedLineView {
  key: string;
  name: string | null;
  /** The picture of the colour bought; null for orders stored without one. */
  image: string | null;
  quantity: number;
  price: number | null;
  color: string | null;
  size: string | null;
}

export interface ArchivedOrderView {
  id: string;
  orderNumber: string;
  orderTimestamp: string | null;
  deliveryStatus: string | null;
  paymentStatus: string | null;
  totalPrice: number | null;
  lines: ArchivedLineView[];
}

export interface ArchivedOrdersView {
  orders: ArchivedOrderView[];
  pages: number;
}

// SPEC.md §3 reads archived orders leniently, as orders stored by older versions of the shop may
// lack fields: a missing or odd value becomes null and the page shows its fallback ("-", ₹0,
// "Unknown / Deleted") instead of failing.
const text = z.string().nullish().catch(null);
const amount = z.number().nullish().catch(null);

const lineSchema = z.object({
  productId: text,
  name: text,
  productName: text,
  image: text,
  quantity: amount,
  qty: amount,
  price: amount,
  selectedColor: text,
  selectedSize: text,
});

const orderSchema = z.object({
  _id: z.string(),
  orderNumber: z.union([z.string(), z.number()]).nullish().catch(null),
  orderTimestamp: text,
  deliveryStatus: text,
  paymentStatus: text,
  totalPrice: amount,
  items: z.array(lineSchema).nullish().catch(null),
  cartItems: z.array(lineSchema).nullish().catch(null),
});

const answerSchema = z.object({
  orders: z.array(orderSchema),
  pages: z.number().int().nonnegative().catch(0),
});

function viewOf(order: z.infer<typeof orderSchema>): ArchivedOrderView {
  const lines = order.items ?? order.cartItems ?? [];
  return {
    id: order._id,
    orderNumber: String(order.orderNumber ?? order._id),
    orderTimestamp: order.orderTimestamp ?? null,
    deliveryStatus: order.deliveryStatus ?? null,
    paymentStatus: order.paymentStatus ?? null,
    totalPrice: order.totalPrice ?? null,
    lines: lines.map((line, index) => ({
      // Lines have no id of their own; their place in the order never changes.
      key: `${index}-${line.productId ?? ''}`,
      name: line.name || line.productName || null,
      image: line.image || null,
      quantity: line.quantity ?? line.qty ?? 1,
      price: line.price ?? null,
      color: line.selectedColor || null,
      size: line.selectedSize || null,
    })),
  };
}

/** `GET /api/order/archived-orders?page=n` (SPEC.md §7): `{orders, pages}`, 10 a page, newest first. */
export async function getArchivedOrders(page: number): Promise<ArchivedOrdersView> {
  const answer = answerSchema.parse(
    await api.get<unknown>(`${API.order.archived}${toQueryString({ page })}`),
  );
  return { orders: answer.orders.map(viewOf), pages: answer.pages };
}

export const archivedOrdersQuery = (page: number) =>
  queryOptions({ queryKey: orderKeys.archivedPage(page), queryFn: () => getArchivedOrders(page) });

/** Keeps the last page while the next loads, so the page count stays put. */
export function useArchivedOrders(page: number) {
  return useQuery({ ...archivedOrdersQuery(page), placeholderData: keepPreviousData });
}
