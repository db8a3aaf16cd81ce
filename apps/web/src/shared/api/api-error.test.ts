import { HTTPError, TimeoutError, type NormalizedOptions } from "ky";
import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFromHttpError, toApiError } from "./api-error";

const request = new Request("http://localhost/v1/products/7");

function httpError(status: number, body: string): HTTPError {
  return new HTTPError(new Response(body, { status }), request, {} as NormalizedOptions);
}

describe("apiErrorFromHttpError", () => {
  it("reads code, message and field errors from the spec's error body", async () => {
    const body = JSON.stringify({
      detail: {
        error_code: "VALIDATION_ERROR",
        error_message: "Some fields are wrong",
        errors: [{ field: "title", message: "Too short" }],
      },
    });

    const error = await apiErrorFromHttpError(httpError(422, body));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: "VALIDATION_ERROR",
      serverMessage: "Some fields are wrong",
      fieldErrors: [{ field: "title", message: "Too short" }],
    });
  });

  it("keeps only the status when the body is not the error shape", async () => {
    const error = await apiErrorFromHttpError(httpError(502, "<html>Bad gateway</html>"));

    expect(error).toMatchObject({ status: 502, code: undefined, serverMessage: undefined, fieldErrors: undefined });
  });

  it("leaves the response readable for others", async () => {
    const original = httpError(
      404,
      JSON.stringify({ detail: { error_code: "PRODUCT_NOT_FOUND", error_message: "Product not found" } }),
    );

    await apiErrorFromHttpError(original);

    await expect(original.response.json()).resolves.toMatchObject({ detail: { error_code: "PRODUCT_NOT_FOUND" } });
  });
});

describe("toApiError", () => {
  it("returns an ApiError unchanged", () => {
    const error = new ApiError({ status: 409, code: "NOT_ENOUGH_BALANCE" });
    expect(toApiError(error)).toBe(error);
  });

  it("gives status 0 when no answer arrived", () => {
    expect(toApiError(new TypeError("Failed to fetch")).status).toBe(0);
    expect(toApiError(new TimeoutError(request)).status).toBe(0);
  });

  it("keeps the status of an unconverted HTTP error", () => {
    expect(toApiError(httpError(500, "")).status).toBe(500);
  });
});
