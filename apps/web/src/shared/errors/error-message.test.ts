import { describe, expect, it } from "vitest";
import { ApiError } from "@/shared/api/api-error";
import { errorMessage } from "./error-message";

const fallback = { generic: "Something went wrong", network: "No connection" };

describe("errorMessage (SPEC §8 order)", () => {
  it("shows the catalogue text for a known code in the interface language", () => {
    const error = new ApiError({
      status: 409,
      code: "NOT_ENOUGH_BALANCE",
      serverMessage: "Not enough money on the balance",
    });

    expect(errorMessage(error, "en", fallback)).toBe("Not enough money on the balance");
    expect(errorMessage(error, "ru", fallback)).toBe("Недостаточно средств на балансе");
  });

  it("fills placeholders with the values the server rendered into its message", () => {
    const error = new ApiError({
      status: 429,
      code: "EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED",
      serverMessage: "Max count of tries exceeded. Max tries - 5",
    });

    expect(errorMessage(error, "ru", fallback)).toBe("Превышено число попыток. Максимум попыток - 5");
    expect(errorMessage(error, "en", fallback)).toBe("Max count of tries exceeded. Max tries - 5");
  });

  it("shows the server's message rather than an unfilled placeholder", () => {
    const error = new ApiError({ status: 429, code: "TOO_MANY_REQUESTS", serverMessage: "Slow down" });

    expect(errorMessage(error, "ru", fallback)).toBe("Slow down");
  });

  it("falls back to the server's message for a code the catalogue does not know", () => {
    const error = new ApiError({ status: 400, code: "SOMETHING_NEW", serverMessage: "A new kind of failure" });

    expect(errorMessage(error, "en", fallback)).toBe("A new kind of failure");
  });

  it("falls back to the code when there is no message", () => {
    expect(errorMessage(new ApiError({ status: 400, code: "SOMETHING_NEW" }), "en", fallback)).toBe("SOMETHING_NEW");
  });

  it("falls back to a generic text, or a connection text when no answer arrived", () => {
    expect(errorMessage(new ApiError({ status: 500 }), "en", fallback)).toBe("Something went wrong");
    expect(errorMessage(new TypeError("Failed to fetch"), "en", fallback)).toBe("No connection");
  });
});
