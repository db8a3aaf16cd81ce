import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("API documentation", () => {
  it("serves the OpenAPI document built from the route schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Lootlane API");
    const health = document.paths["/v1/health"].get;
    expect(health.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/HealthResponse",
    });
    expect(health.responses["503"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ErrorResponse",
    });
    expect(document.components.schemas.HealthResponse.required).toEqual(["status", "database"]);
    const statement = document.paths["/v1/wallet/statement"].get;
    expect(statement.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/StatementPage",
    });
    expect(
      statement.parameters.map((parameter: { name: string; in: string }) => [parameter.in, parameter.name]),
    ).toEqual([
      ["query", "page"],
      ["query", "per_page"],
    ]);
    expect(document.components.schemas.StatementEntry.properties.kind.enum).toContain("withdrawal_returned");
    const gamePage = document.paths["/v1/games/{gameSlug}"].get;
    expect(gamePage.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/GamePage",
    });
    expect(gamePage.responses["404"]).toBeDefined();
    expect(document.components.schemas.GameSubcategory.required).toContain("product_count");
    // Internal routes (media, web app, the docs themselves) are not part of the API.
    expect(Object.keys(document.paths).every((path) => path.startsWith("/v1/") && !path.startsWith("/v1/docs"))).toBe(
      true,
    );
  });

  it("renders Swagger UI whose scripts and styles all load", async () => {
    const page = await t.app.inject({ method: "GET", url: "/v1/docs", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('id="swagger-ui"');

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(
      expect.arrayContaining(["/v1/docs/static/swagger-ui-bundle.js", "/v1/docs/static/swagger-initializer.js"]),
    );
    for (const asset of assets) {
      const response = await t.app.inject({ method: "GET", url: asset });
      expect(response.statusCode, asset).toBe(200);
    }
  });

  it("runs under the app's CSP: every script is a same-origin file, none inline", async () => {
    const page = await t.app.inject({ method: "GET", url: "/v1/docs", headers: { accept: "text/html" } });
    expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="\/v1\/docs\/static\//);
      expect(content!.trim()).toBe("");
    }
  });
});
