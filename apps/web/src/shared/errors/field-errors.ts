import { toApiError } from "@/shared/api/api-error";
import { describeError } from "./error-message";

interface FieldErrorMapping<Field extends string> {
  /** Codes that are about one field, e.g. EMAIL_ALREADY_EXISTS → email: shown there, translated. */
  codes?: Partial<Record<string, Field>>;
  /** Server field names of a validation answer → form fields, e.g. new_password → newPassword. */
  serverFields?: Partial<Record<string, Field>>;
}

/**
 * The part of a refused request that belongs next to a form field, as field → message. An empty result means the
 * refusal is about the whole form, and the screen shows it in its banner instead.
 */
export function fieldErrorsOf<Field extends string>(
  error: unknown,
  { codes = {}, serverFields = {} }: FieldErrorMapping<Field>,
): Partial<Record<Field, string>> {
  const { code, fieldErrors = [] } = toApiError(error);
  const codeField = code ? codes[code] : undefined;
  if (codeField) return { [codeField]: describeError(error) } as Partial<Record<Field, string>>;
  const errors: Partial<Record<Field, string>> = {};
  for (const { field, message } of fieldErrors) {
    const formField = serverFields[field];
    if (formField) errors[formField] ??= message;
  }
  return errors;
}
