import { z } from 'zod';

/** Every error answer of the API (DESIGN.md §5). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), msg: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
