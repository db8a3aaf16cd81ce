import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ allowedOrigins: ["https://partner.example"] });
  t.app.post("/v1/test/echo", async (request) => ({ body: request.body ?? null }));
});
afterAll(() => t.close());

const post = (headers: Record<string, string>, payload?: string) =>
  t.app.inject({
    method: "POST",
    url: "/v1/test/echo",
    headers: { host: "shop.test", ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

describe("origin check on state-changing requests", () => {
  it("lets the app's own origin send JSON", async () => {
    const response = await post(
      { origin: "http://shop.test", "content-type": "application/json", "sec-fetch-site": "same-origin" },
      '{"a":1}',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { a: 1 } });
  });

  it("lets a configured origin in, even from another site", async () => {
    const response = await post(
      { origin: "https://partner.example", "content-type": "application/json", "sec-fetch-site": "cross-site" },
      "{}",
    );
    expect(response.statusCode).toBe(200);
  });

  it("lets non-browser clients without Origin in", async () => {
    expect((await post({ "content-type": "application/json" }, "{}")).statusCode).toBe(200);
  });

  it("lets a request without a body in, whatever its content type", async () => {
    expect((await post({ origin: "http://shop.test" })).statusCode).toBe(200);
  });

  it("refuses a foreign Origin with 403 ORIGIN_NOT_ALLOWED", async () => {
    for (const origin of ["https://evil.example", "http://shop.test.evil.example", "null", "https://shop.test"]) {
      const response = await post({ origin, "content-type": "application/json" }, "{}");
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().detail.error_code, origin).toBe("ORIGIN_NOT_ALLOWED");
    }
  });

  it("refuses a request the browser marks as cross-site", async () => {
    const response = await post({ "content-type": "application/json", "sec-fetch-site": "cross-site" }, "{}");
    expect(response.statusCode).toBe(403);
    expect(response.json().detail.error_code).toBe("ORIGIN_NOT_ALLOWED");
  });

  it("judges a request without Origin by its Referer: another site's page is refused, ours and configured ones pass", async () => {
    const refused = await post({ "content-type": "application/json", referer: "https://evil.example/win" }, "{}");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail.error_code).toBe("ORIGIN_NOT_ALLOWED");
    for (const referer of ["http://shop.test/products/1", "https://partner.example/checkout"]) {
      expect((await post({ "content-type": "application/json", referer }, "{}")).statusCode, referer).toBe(200);
    }
  });

  it("refuses bodies an HTML form can send with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await post({ origin: "http://shop.test", "content-type": contentType }, "a=1");
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().detail.error_code, contentType).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("leaves reads alone", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/v1/health",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("origin check with PUBLIC_URL", () => {
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ publicUrl: "https://shop.example" });
    behindProxy.app.delete("/v1/test/thing", async () => ({ ok: true }));
  });
  afterAll(() => behindProxy.close());

  it("accepts the public origin even when the proxy talks plain HTTP to the app", async () => {
    const response = await behindProxy.app.inject({
      method: "DELETE",
      url: "/v1/test/thing",
      headers: { host: "10.0.0.5:3000", origin: "https://shop.example" },
    });
    expect(response.statusCode).toBe(200);
  });
});
