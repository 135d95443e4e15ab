/** Shapes shared by every API area. */

import { z } from 'zod';

/** Every failure: the client shows `errorMessage` (Spanish) and may branch on `code`. */
export const ErrorResponseSchema = z.object({ errorMessage: z.string(), code: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const SuccessSchema = z.object({ success: z.boolean() });
export type Success = z.infer<typeof SuccessSchema>;
