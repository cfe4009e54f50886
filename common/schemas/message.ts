import { z } from 'zod';

/** A plain confirmation, such as `{"message": "Signed out."}`. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;
