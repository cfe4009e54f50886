import { z } from 'zod';

/** `GET /api/config`: the public settings of the shop. */
export const publicConfigSchema = z.object({
  shopName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  whatsappNumber: z.string(),
  captchaSiteKey: z.string().nullable(),
  paymentKeyId: z.string().nullable(),
  /** The shipping and tax rules the checkout prices with (common/order-pricing.ts), in rupees. */
  shipping: z.object({
    feeRupees: z.number(),
    freeFromRupees: z.number(),
    taxPercent: z.number(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
