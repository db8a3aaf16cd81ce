import { describe, expect, it } from "vitest";
import { ApiError } from "@/shared/api/api-error";
import { fieldErrorsOf } from "./field-errors";

const mapping = {
  codes: { EMAIL_ALREADY_EXISTS: "email" },
  serverFields: { email: "email", new_password: "newPassword" },
} as const;

describe("fieldErrorsOf", () => {
  it("puts a field's error code on that field, translated", () => {
    const error = new ApiError({ status: 409, code: "EMAIL_ALREADY_EXISTS", serverMessage: "E-mail taken" });

    expect(fieldErrorsOf(error, mapping)).toEqual({ email: "This e-mail is already registered" });
  });

  it("maps the fields of a validation answer, keeping the first message of each", () => {
    const error = new ApiError({
      status: 422,
      code: "VALIDATION_ERROR",
      fieldErrors: [
        { field: "new_password", message: "Too weak" },
        { field: "new_password", message: "Too short" },
        { field: "unknown", message: "Ignored" },
      ],
    });

    expect(fieldErrorsOf(error, mapping)).toEqual({ newPassword: "Too weak" });
  });

  it("leaves refusals about the whole form to the banner", () => {
    expect(fieldErrorsOf(new ApiError({ status: 401, code: "INCORRECT_EMAIL_OR_PASSWORD" }), mapping)).toEqual({});
    expect(fieldErrorsOf(new TypeError("Failed to fetch"), mapping)).toEqual({});
  });
});
