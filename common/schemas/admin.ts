import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

/** `GET /api/admin/customers?page=&limit=` (staff only). */
export const adminCustomersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>;

export const adminCustomerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  closed: z.boolean(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomersSchema = z.object({
  customers: z.array(adminCustomerSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
