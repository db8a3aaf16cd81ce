import { describe, expect, it } from "vitest";
import { errorCatalogue, errorCodes, errorText, isErrorCode } from "./error-catalogue.js";

const specCodes = [
  "CATEGORY_ALREADY_EXISTS",
  "CATEGORY_NOT_FOUND",
  "PARENT_CATEGORY_NOT_FOUND",
  "CATEGORY_NAME_ALREADY_EXISTS",
  "DATABASE_ERROR",
  "PRODUCT_ID_REQUIRED",
  "MAXIMUM_NUMBER_PHOTOS_EXCEEDED",
  "USER_NOT_FOUND",
  "PRODUCT_NOT_FOUND",
  "SELLER_NOT_FOUND",
  "TOKEN_NOT_FOUND",
  "INVALID_TOKEN",
  "TOKEN_IS_EXPIRED",
  "TOKEN_IS_INVALID",
  "TOKEN_IS_REVOKED",
  "INVALID_REFRESH_TOKEN",
  "USER_IS_BANNED",
  "INSUFFICIENT_PERMISSIONS",
  "CREATE_PRODUCT_ERROR",
  "REGISTRATION_FAILED",
  "WRONG_VERIFICATION_CODE",
  "FAILED_TO_SEND_VERIFICATION_CODE",
  "WRONG_IMAGE_FORMAT",
  "WRONG_FILE_TYPE",
  "IMAGE_TOO_LARGE",
  "WRONG_IMAGE_URL",
  "USERNAME_ALREADY_EXISTS",
  "EMAIL_ALREADY_EXISTS",
  "NOT_ENOUGH_BALANCE",
  "SERVER_ERROR",
  "PAYLOAD_IS_EMPTY",
  "INCORRECT_EMAIL_OR_PASSWORD",
  "EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED",
];

describe("error catalogue", () => {
  it("holds every code of SPEC.md §8", () => {
    expect(specCodes.filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it("has a non-empty English and Russian text for every code, with the same placeholders", () => {
    for (const code of errorCodes) {
      const { en, ru } = errorCatalogue[code];
      expect(en.trim(), code).not.toBe("");
      expect(ru.trim(), code).not.toBe("");
      expect(ru, code).not.toBe(en);
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(ru), code).toEqual(placeholders(en));
    }
  });

  it("uses only statuses the architecture allows", () => {
    for (const code of errorCodes)
      expect([400, 401, 403, 404, 405, 408, 409, 413, 415, 422, 429, 500, 502, 503]).toContain(
        errorCatalogue[code].status,
      );
  });

  it("fills the max tries into the spec's text", () => {
    expect(errorText("EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED", "en", { max_tries: 5 })).toBe(
      "Max count of tries exceeded. Max tries - 5",
    );
    expect(errorText("EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED", "ru", { max_tries: 5 })).toContain("5");
  });

  it("rejects strings that are not codes, including inherited object keys", () => {
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("NOPE")).toBe(false);
  });
});
