import { z } from "zod";

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

/** The one shape of every error answer (SPEC.md §8); `errors` only on validation failures. */
export const errorResponseSchema = z
  .object({
    detail: z.object({
      error_code: z.string(),
      error_message: z.string(),
      errors: z.array(fieldErrorSchema).optional(),
    }),
  })
  .meta({ id: "ErrorResponse" });

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
