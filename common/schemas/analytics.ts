import { z } from 'zod';
import { cleanedText } from './text';

/** Largest analytics body the server reads (DESIGN.md §5); the web client trims its fields to fit. */
export const ANALYTICS_MAX_BODY_BYTES = 16 * 1024;

/** Length caps of the event's text fields, shared so the client trims to what the server accepts. */
export const ANALYTICS_LIMITS = {
  path: 2048,
  url: 2048,
  referrer: 2048,
  utm: 200,
  lang: 35,
  eventName: 100,
  dataKey: 50,
  dataValue: 500,
  dataEntries: 20,
} as const;

export const ANALYTICS_EVENT_TYPES = ['pageview', 'event'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** 16 random bytes written as hex (SPEC.md §9). */
export const ANALYTICS_SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;

// A beacon cannot show an error, so its text is cleaned (common/schemas/text.ts), never refused for
// a control character or an unpaired surrogate: what is left is stored, and the answer stays 204.
const utmValue = cleanedText().max(ANALYTICS_LIMITS.utm).optional();

export const analyticsUtmSchema = z.object({
  source: utmValue,
  medium: utmValue,
  campaign: utmValue,
  term: utmValue,
  content: utmValue,
});
export type AnalyticsUtm = z.infer<typeof analyticsUtmSchema>;

export const analyticsScreenSchema = z.object({
  w: z.number().int().min(0).max(100_000),
  h: z.number().int().min(0).max(100_000),
  dpr: z.number().positive().max(20),
});
export type AnalyticsScreen = z.infer<typeof analyticsScreenSchema>;

/**
 * Flat, primitive event data keeps stored rows small and queryable. An entry whose key is empty once
 * cleaned is dropped, as fields the event shape does not name are.
 */
export const analyticsEventDataSchema = z
  .record(
    cleanedText().max(ANALYTICS_LIMITS.dataKey),
    z.union([cleanedText().max(ANALYTICS_LIMITS.dataValue), z.number(), z.boolean(), z.null()]),
  )
  .transform((data) => Object.fromEntries(Object.entries(data).filter(([key]) => key.length > 0)))
  .refine((data) => Object.keys(data).length <= ANALYTICS_LIMITS.dataEntries, {
    message: `At most ${ANALYTICS_LIMITS.dataEntries} data entries.`,
  });
export type AnalyticsEventData = z.infer<typeof analyticsEventDataSchema>;

export const analyticsCustomEventSchema = z.object({
  name: cleanedText().trim().min(1).max(ANALYTICS_LIMITS.eventName),
  data: analyticsEventDataSchema.optional(),
});

/** `POST /api/analytics/collect`: one anonymous page view or event (SPEC.md §3). */
export const analyticsEventSchema = z
  .object({
    type: z.enum(ANALYTICS_EVENT_TYPES),
    sessionId: z.string().regex(ANALYTICS_SESSION_ID_PATTERN, 'Must be 32 lowercase hex characters.'),
    path: cleanedText().min(1).max(ANALYTICS_LIMITS.path).startsWith('/', 'Must start with /.'),
    url: cleanedText().pipe(z.url({ protocol: /^https?$/ }).max(ANALYTICS_LIMITS.url)),
    // Empty when the visitor arrived directly, which is what document.referrer gives.
    referrer: cleanedText().max(ANALYTICS_LIMITS.referrer).optional(),
    utm: analyticsUtmSchema.optional(),
    lang: cleanedText().max(ANALYTICS_LIMITS.lang).optional(),
    screen: analyticsScreenSchema.optional(),
    event: analyticsCustomEventSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'event' && !value.event) {
      ctx.addIssue({ code: 'custom', path: ['event'], message: 'An event needs its name.' });
    }
    if (value.type === 'pageview' && value.event) {
      ctx.addIssue({ code: 'custom', path: ['event'], message: 'A page view carries no event.' });
    }
  });
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
