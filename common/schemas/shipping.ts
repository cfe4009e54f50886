import { z } from 'zod';
import { ADDRESS_MESSAGES, PINCODE_PATTERN } from './address';
import { singleLine } from './text';

/** The texts of the shipping answers, in one place for the server, the web app and the tests. */
export const SHIPPING_MESSAGES = {
  pincode: ADDRESS_MESSAGES.pincode,
  notServiceable: (pincode: string) => `Sorry, we do not deliver to pincode ${pincode} yet.`,
  codUnavailable: (pincode: string) =>
    `Cash on delivery is not available for pincode ${pincode}. Please pay online or choose another address.`,
  unavailable: 'Delivery details could not be checked right now. Please try again in a moment.',
  tooManyChecks: 'Too many pincode checks from this address.',
  webhookToken: 'Invalid or missing webhook token.',
  webhookUnsupported: 'This shop’s courier does not send tracking webhooks.',
} as const;

/** `GET /api/shipping/serviceability?pincode=`. */
export const serviceabilityQuerySchema = z.object({
  pincode: singleLine(SHIPPING_MESSAGES.pincode).trim().regex(PINCODE_PATTERN, SHIPPING_MESSAGES.pincode),
});

/** Its answer: etaDays counts days from today and is null where the courier does not deliver. */
export const serviceabilitySchema = z.object({
  serviceable: z.boolean(),
  codAvailable: z.boolean(),
  etaDays: z.int().min(1).nullable(),
});
export type Serviceability = z.infer<typeof serviceabilitySchema>;

/**
 * `POST /api/shipping/webhook` as the OpenAPI document shows it: Shiprocket's tracking update. The
 * courier's adapter reads it (server/providers/shipping/), so this schema only documents the body.
 */
export const trackingWebhookSchema = z.looseObject({
  awb: z.union([z.string(), z.number()]),
  current_status: z.string().optional(),
  shipment_status: z.string().optional(),
  current_timestamp: z.string().optional(),
  is_return: z.union([z.number(), z.boolean(), z.string()]).optional(),
});

/** `POST /api/shipping/webhook` 200: what the update did (`duplicate`: seen before, nothing changed). */
export const webhookAnswerSchema = z.object({
  status: z.enum(['applied', 'unchanged', 'duplicate', 'ignored']),
});
export type WebhookOutcome = z.infer<typeof webhookAnswerSchema>['status'];
