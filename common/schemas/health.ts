import { z } from 'zod';

/** `GET /api/health` 200: the database answers. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** `GET /api/health` 503: the database does not answer. */
export const healthDownSchema = z
  .object({ status: z.literal('error'), message: z.string() })
  .meta({ description: 'The database does not answer.' });
