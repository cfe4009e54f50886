import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's settings that the owner changes from the back office (docs/decisions/071). One row at
 * most (`id` is always true). A null column has not been set here, and the environment variable that
 * used to hold the setting answers instead, so a shop keeps its configured values until the owner
 * changes one. Money is integer paise.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: boolean('id').primaryKey().default(true),
    shopName: text('shop_name'),
    supportEmail: text('support_email'),
    supportPhone: text('support_phone'),
    whatsappNumber: text('whatsapp_number'),
    shippingFeePaise: bigint('shipping_fee_paise', { mode: 'number' }),
    freeShippingFromPaise: bigint('free_shipping_from_paise', { mode: 'number' }),
    requireTwoFactor: boolean('require_two_factor'),
    grievanceOfficerName: text('grievance_officer_name'),
    grievanceOfficerDesignation: text('grievance_officer_designation'),
    grievanceOfficerEmail: text('grievance_officer_email'),
    grievanceOfficerPhone: text('grievance_officer_phone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id}`),
    check(
      'shop_settings_money_not_negative',
      sql`${t.shippingFeePaise} >= 0 and ${t.freeShippingFromPaise} >= 0`,
    ),
  ],
);
