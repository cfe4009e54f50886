import { z } from 'zod';
import { addressSchema } from './address';
import { adminCustomerSchema } from './admin';
import { orderSchema } from './order';
import { REVIEW_STATUSES } from './reviews';

/** Most orders and reviews the customer page shows: the latest ones. */
export const CUSTOMER_PAGE_ITEMS = 50;

export const customerIdParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/admin/customers/{id}`: who they are, where they live, what they bought and wrote. */
export const adminCustomerDetailSchema = z.object({
  customer: adminCustomerSchema,
  addresses: z.array(addressSchema),
  orders: z.array(orderSchema),
  reviews: z.array(
    z.object({
      _id: z.string(),
      productId: z.string(),
      rating: z.number().int(),
      title: z.string(),
      status: z.enum(REVIEW_STATUSES),
      createdAt: z.string(),
    }),
  ),
  /** What their orders came to (paid online, or delivered cash ones), less refunds, in rupees. */
  lifetimeValue: z.number(),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const adminCustomerAnswerSchema = z.object({ customer: adminCustomerSchema });
