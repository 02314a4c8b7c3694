import { z } from 'zod';

/** Every error reply of the API has this shape. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
