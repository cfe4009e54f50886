import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './order';

/** `GET /api/config`: the public settings of the shop. */
export const publicConfigSchema = z.object({
  shopName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  whatsappNumber: z.string(),
  /** Shown on the contact page, in the footer and in the privacy policy (docs/decisions/076). */
  grievanceOfficer: z.object({
    name: z.string(),
    designation: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  captchaSiteKey: z.string().nullable(),
  /** Which online payment the checkout opens: the app's own simulator page or Razorpay Checkout. */
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
  /** The public key id Razorpay Checkout is opened with; null for the simulator. */
  paymentKeyId: z.string().nullable(),
  /**
   * True when the shop runs with the demo catalog (SEED=demo): its product pictures and customer photos
   * are drawn illustrations, and the pages must not present them as buyers' photos.
   */
  demo: z.boolean(),
  /** The shipping and tax rules the checkout prices with (common/order-pricing.ts), in rupees. */
  shipping: z.object({
    feeRupees: z.number(),
    freeFromRupees: z.number(),
    taxPercent: z.number(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
