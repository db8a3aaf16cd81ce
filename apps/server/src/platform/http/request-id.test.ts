import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("request ids", () => {
  it("echo a sane incoming x-request-id", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/v1/health",
      headers: { "x-request-id": "lb-7f3a.42" },
    });
    expect(response.headers["x-request-id"]).toBe("lb-7f3a.42");
  });

  it("replace a missing or unsafe id with a fresh UUID, on errors too", async () => {
    const fresh = await t.app.inject({ method: "GET", url: "/v1/nope" });
    expect(fresh.statusCode).toBe(404);
    expect(fresh.headers["x-request-id"]).toMatch(uuid);

    for (const unsafe of ["has space", "x".repeat(129), '"}{"level":60']) {
      const response = await t.app.inject({ method: "GET", url: "/v1/health", headers: { "x-request-id": unsafe } });
      expect(response.headers["x-request-id"], unsafe).toMatch(uuid);
    }
  });

  it("give each request its own id", async () => {
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: "GET", url: "/v1/health" })));
    expect(a!.headers["x-request-id"]).not.toBe(b!.headers["x-request-id"]);
  });
});
