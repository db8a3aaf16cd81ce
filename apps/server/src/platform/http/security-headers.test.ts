import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const directive of String(header).split(";")) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe("security headers on the web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("carry a CSP that only lets the app's own scripts run", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { accept: "text/html", host: "shop.test:3000" },
    });
    const csp = directives(response.headers["content-security-policy"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "ws://shop.test:3000", "wss://shop.test:3000"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("carry helmet's other protections", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });

  it("name no socket host for a Host header that is not a plain host", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { accept: "text/html", host: "evil.test;script-src *" },
    });
    expect(directives(response.headers["content-security-policy"]).get("connect-src")).toEqual(["'self'"]);
  });

  it("are on API answers too", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/health" });
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

describe("security headers behind HTTPS with images on S3", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      publicUrl: "https://shop.example",
      s3: {
        endpoint: undefined,
        region: "us-east-1",
        bucket: "b",
        accessKey: "k",
        secretKey: "s",
        publicUrl: "https://cdn.example/lootlane/",
      },
    });
  });
  afterAll(() => t.close());

  it("allow images from the S3 public origin and upgrade insecure requests", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    const csp = directives(response.headers["content-security-policy"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://cdn.example"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
  });
});
