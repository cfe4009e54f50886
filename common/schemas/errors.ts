import { z } from 'zod';

/** Every error answer of the API (DESIGN.md §5). */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), msg: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** What an error status means in this API; the OpenAPI document shows it beside each error answer. */
export const ERROR_STATUS_MEANINGS = {
  400: 'The request breaks a rule; `code` says which.',
  401: 'Not signed in, or a wrong password or token.',
  403: 'A missing or stale X-CSRF-Token, or not allowed.',
  404: 'No such record (also one that belongs to someone else).',
  409: 'Not possible in the current state; `code` says why.',
  410: 'A one-time link that was used already or has expired.',
  413: 'The body is too large.',
  415: 'The content type or file type is not accepted.',
  422: 'Validation failed: `errors` names each field.',
  429: 'Too many requests: the message says how long to wait.',
  502: 'An outside service refused the request.',
  503: 'An outside service or the database does not answer.',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_MEANINGS;

/**
 * The error answers a route gives, for its `schema.response`: `errorResponses(401, 404)`. Each is the
 * one error shape, described with what the status means; declaring them lets the serializer hold error
 * bodies to that shape too.
 */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  const responses: Partial<Record<S, typeof apiErrorSchema>> = {};
  for (const status of statuses) {
    responses[status] = apiErrorSchema.meta({ description: ERROR_STATUS_MEANINGS[status] });
  }
  return responses as Record<S, typeof apiErrorSchema>;
}
