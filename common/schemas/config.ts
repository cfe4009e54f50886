import { z } from 'zod';

/** `GET /api/config`: the public settings of the shop. */
export const publicConfigSchema = z.object({
  shopName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  whatsappNumber: z.string(),
  captchaSiteKey: z.string().nullable(),
  paymentKeyId: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
