import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.media.put("products/abc123.png", png, "image/png");
});
afterAll(() => t.close());

describe("GET /media/*", () => {
  it("serves a stored image with its type, cached for a year", async () => {
    const response = await t.app.inject({ method: "GET", url: "/media/products/abc123.png" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it("answers 304 to a client that already has it", async () => {
    const first = await t.app.inject({ method: "GET", url: "/media/products/abc123.png" });
    const again = await t.app.inject({
      method: "GET",
      url: "/media/products/abc123.png",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("answers JSON 404 for a missing image or a path that is no key", async () => {
    for (const url of [
      "/media/products/missing.png",
      "/media/../secrets.json",
      "/media/%2e%2e/secrets.json",
      "/media/.hidden",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["cache-control"], url).toBeUndefined();
      expect(response.json().detail.error_code, url).toBe("ROUTE_NOT_FOUND");
    }
  });
});
