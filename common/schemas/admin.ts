import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { PERMISSIONS, STAFF_ROLES } from '../staff';
import { userSchema } from './auth';
import { singleLine } from './text';

/** `?page=&limit=` of every staff list. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** `GET /api/admin/customers?q=&page=&limit=` (staff only); `q` finds a name, email or phone. */
export const adminCustomersQuerySchema = z.object({
  ...pageQuery,
  q: singleLine().trim().max(100).optional(),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>;

/** The texts of the customer answers, in one place for the server, the admin screens and the tests. */
export const CUSTOMER_MESSAGES = {
  notFound: 'Customer not found.',
  blocked: 'This account has been blocked. Please contact customer support.',
} as const;

export const adminCustomerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  closed: z.boolean(),
  blocked: z.boolean(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomersSchema = z.object({
  customers: z.array(adminCustomerSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type AdminCustomers = z.infer<typeof adminCustomersSchema>;

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const permissionSchema = z.enum(PERMISSIONS);

/**
 * `GET /api/admin/me`: the signed-in staff member and what their role lets them do. While
 * `twoFactorSetupRequired` (the owner requires two-factor sign-in and this member has not set it up),
 * every other staff call answers 403 `TWO_FACTOR_REQUIRED` but those that set it up.
 */
export const adminMeSchema = z.object({
  user: userSchema,
  permissions: z.array(permissionSchema),
  twoFactorEnabled: z.boolean(),
  twoFactorSetupRequired: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/**
 * An instant in a query (`from`, `to`): a date (`2026-11-24`, midnight UTC) or a full ISO time, in
 * the years 1970 to 9999 (the database has no year 0, and the shop's records are all in between).
 */
export const instant = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((value) => new Date(value))
  .refine((date) => date.getUTCFullYear() >= 1970 && date.getUTCFullYear() <= 9999, {
    message: 'Use a date between 1970 and 9999.',
  });

/** `GET /api/admin/audit?actor=&entity=&entityId=&from=&to=&page=`. */
export const auditQuerySchema = z.object({
  ...pageQuery,
  actor: z.uuid().optional(),
  entity: singleLine().max(40).optional(),
  entityId: singleLine().max(100).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string(), email: z.string(), role: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type AuditList = z.infer<typeof auditListSchema>;
