import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, webFixture, type TestApp } from "../../test/test-app.js";
import { parsePage } from "../../test/test-html.js";

/** The fixture build's app, whatever head the page was given. */
function expectTheApp(body: string, url: string) {
  const page = parsePage(body);
  expect(page.scriptSources, url).toEqual([webFixture.assetPath]);
  expect(page.hasAppRoot, url).toBe(true);
}

describe("the built web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers index.html, revalidated on every load, at /", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expectTheApp(response.body, "/");
  });

  // Since issue 21 a path the app has not is a real 404 (modules/pages), still with the app's not-found screen.
  it("answers index.html to any client-side route a browser opens, 404 to a path the app has not", async () => {
    for (const [url, status] of [
      ["/signin", 200],
      ["/product/create?draft=1", 200],
      ["/admin/users", 200],
      ["/some/deep/route", 404],
      ["/products/42?tab=reviews", 404],
    ] as const) {
      const response = await t.app.inject({
        method: "GET",
        url,
        headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expectTheApp(response.body, url);
    }
  });

  it("caches hashed assets for a year", async () => {
    const response = await t.app.inject({ method: "GET", url: webFixture.assetPath });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body).toBe(webFixture.assetBody);
  });

  it("sends the build's compressed copy to a browser that accepts it, and the file itself to one that does not", async () => {
    const script = "export const greeting = 'hello';\n".repeat(200);
    const file = path.join(t.config.webDistDir, "assets", "big-5e6f7a.js");
    await writeFile(file, script);
    await writeFile(`${file}.br`, brotliCompressSync(script));
    await writeFile(`${file}.gz`, gzipSync(script));
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: "/assets/big-5e6f7a.js",
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });

    const brotli = await get("gzip, deflate, br");
    expect([brotli.statusCode, brotli.headers["content-encoding"]]).toEqual([200, "br"]);
    expect(brotli.headers["content-type"]).toMatch(/javascript/);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzipped = await get("gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect([plain.headers["content-encoding"], plain.body]).toEqual([undefined, script]);
  });

  it("serves files of a rebuild made while the server runs", async () => {
    await writeFile(path.join(t.config.webDistDir, "assets", "chunk-9c8d7e.js"), "export {};");
    await writeFile(path.join(t.config.webDistDir, "favicon.svg"), "<svg/>");
    const asset = await t.app.inject({ method: "GET", url: "/assets/chunk-9c8d7e.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await t.app.inject({ method: "GET", url: "/favicon.svg", headers: { accept: "image/*" } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  it("never serves the build's source maps, which are kept for error reports only", async () => {
    const map = '{"version":3,"sources":["../src/main.tsx"],"mappings":"AAAA"}';
    await writeFile(path.join(t.config.webDistDir, "assets", "index-3f2a1b.js.map"), map);
    for (const accept of ["*/*", "text/html"]) {
      const response = await t.app.inject({ method: "GET", url: "/assets/index-3f2a1b.js.map", headers: { accept } });
      expect(response.statusCode, accept).toBe(404);
      expect(response.body, accept).not.toContain("mappings");
    }
  });

  it("never serves a file from outside the build", async () => {
    // The build sits in the test's DATA_DIR, next to the generated secrets.json.
    for (const url of [
      "/../secrets.json",
      "/..%2fsecrets.json",
      "/assets/..%2f..%2fsecrets.json",
      "/assets%2f..%2f..%2fsecrets.json",
    ]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "*/*" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("jwtSecret");
    }
  });

  it("answers JSON 404, not the page, under /v1, /media and /socket.io", async () => {
    for (const url of ["/v1/nope", "/v1", "/media/x/y.png", "/socket.io/nope"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().detail.error_code, url).toBe("ROUTE_NOT_FOUND");
    }
  });

  it("answers 404 to a missing file a script or image asks for", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/missing-123.js", headers: { accept: "*/*" } });
    expect(response.statusCode).toBe(404);
  });

  it("answers a plain JSON 404, not the app, to any missing file, however it is asked for", async () => {
    for (const url of ["/assets/missing-123.js", "/favicon.ico", "/.env", "/wp-login.php"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().detail.error_code, url).toBe("ROUTE_NOT_FOUND");
    }
  });
});

describe("without a web build", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: path.join(tmpdir(), `lootlane-no-build-${process.pid}-${Date.now()}`) });
  });
  afterAll(async () => {
    await t.close();
    await rm(t.config.webDistDir, { recursive: true, force: true });
  });

  it("tells a browser to build it, and keeps the API up", async () => {
    const page = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain("npm run build");

    const health = await t.app.inject({ method: "GET", url: "/v1/health" });
    expect(health.statusCode).toBe(200);
  });

  it("serves the build once it appears, without a restart", async () => {
    await mkdir(t.config.webDistDir, { recursive: true });
    await writeFile(path.join(t.config.webDistDir, "index.html"), webFixture.indexHtml);
    const page = await t.app.inject({ method: "GET", url: "/signin", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expectTheApp(page.body, "/signin");
  });
});
