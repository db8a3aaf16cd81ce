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
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });

  it("forbid framing once, by the CSP's frame-ancestors, not also by a disagreeing X-Frame-Options", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(directives(response.headers["content-security-policy"]).get("frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers["x-frame-options"]).toBeUndefined();
  });

  it("turn off the browser features the app never uses", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    const features = new Map(
      String(response.headers["permissions-policy"])
        .split(",")
        .map((feature) => feature.trim().split("=") as [string, string]),
    );
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"])
      expect(features.get(feature), feature).toBe("()");
  });

  it("send no Strict-Transport-Security over plain HTTP", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
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

  it("tell browsers to come back over HTTPS only", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/health" });
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("Strict-Transport-Security behind a proxy, without PUBLIC_URL", () => {
  const PROXY = "10.0.0.7";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: [PROXY] });
  });
  afterAll(() => t.close());

  const hsts = async (remoteAddress: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: "/v1/health",
        remoteAddress,
        headers: { "x-forwarded-proto": "https" },
      })
    ).headers["strict-transport-security"];

  it("is sent when the trusted proxy says the request came over HTTPS", async () => {
    expect(await hsts(PROXY)).toBe("max-age=31536000; includeSubDomains");
  });

  it("is not sent when an untrusted peer claims HTTPS", async () => {
    expect(await hsts("203.0.113.5")).toBeUndefined();
  });
});
