/**
 * The caps of common/schemas/analytics.ts, repeated here so the page bundle does not pull in zod just to
 * trim a few strings; limits.test.ts fails if the two drift apart.
 */
export const CLIENT_ANALYTICS_LIMITS = {
  path: 2048,
  url: 2048,
  referrer: 2048,
  utm: 200,
  lang: 35,
  eventName: 100,
} as const;

export const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;
