import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { optionalUser, requireAdmin } from "../auth/index.js";

const PUBLIC_URL = "https://market.lootlane.test";

let t: TestApp;
type Operation = {
  operationId: string;
  security: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type OpenApiDocument = {
  servers: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let document: OpenApiDocument;
let source: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  // Routes the document's derivation has never seen, added the way a module adds them: a summary and the
  // success answer only, nothing about cookies, ids or client errors.
  const schema = (summary: string) => ({ summary, response: { 200: z.object({ ok: z.boolean() }) } });
  await t.app.register(async (admins) => {
    admins.addHook("onRequest", requireAdmin);
    admins.get("/v1/lint-probe/admin-report", { schema: schema("An admin's report") }, async () => ({ ok: true }));
  });
  await t.app.register(async (anyone) => {
    anyone.addHook("onRequest", optionalUser);
    anyone.get("/v1/lint-probe/showcase/:itemId", { schema: schema("A showcase") }, async () => ({ ok: true }));
  });
  await t.app.register(async (guests) => {
    guests.post("/v1/lint-probe/ping", { schema: schema("A ping") }, async () => ({ ok: true }));
  });
  const response = await t.app.inject({ method: "GET", url: "/v1/docs/json" });
  expect(response.statusCode, response.body).toBe(200);
  source = response.body;
  document = response.json<OpenApiDocument>();
});
afterAll(() => t.close());

function operation(path: string, method: string): Operation {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`The document has no ${method.toUpperCase()} ${path}`);
  return found;
}

// SPEC.md fixes paths with trailing slashes (`/v1/products/`), and `/v1/products/category/{id}` beside
// `/v1/products/{id}/…`; the router matches the literal segment first, so neither is ambiguous to a client.
const specForced = (problem: NormalizedProblem) =>
  problem.ruleId === "no-ambiguous-paths" && problem.message.includes("`/v1/products/category/{id}`");

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ["recommended"], rules: { "no-path-trailing-slash": "off" } });
    const problems = await lintFromString({ source, absoluteRef: `${PUBLIC_URL}/v1/docs/json`, config });
    const report = problems
      .filter((problem) => !specForced(problem))
      .map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(report).toEqual([]);
  });

  it("asks for the session cookie where the route's guard does, and for a token where the route names its scope", () => {
    const security = (path: string, method = "get") => operation(path, method).security;
    const signedIn = [{ cookieAuth: [] }];
    const optional = [{ cookieAuth: [] }, {}];
    expect(security("/v1/wallet/statement")).toEqual([...signedIn, { bearerAuth: ["wallet:read"] }]);
    expect(security("/v1/products/{id}")).toEqual([{ cookieAuth: [] }, { bearerAuth: ["products:read"] }, {}]);
    // Who am I answers any token.
    expect(security("/v1/auth/get-my-user-id")).toEqual([...signedIn, { bearerAuth: [] }]);
    expect(security("/v1/products/buy", "post")).toEqual(signedIn);
    expect(security("/v1/admin/users")).toEqual(signedIn);
    expect(security("/v1/lint-probe/admin-report")).toEqual(signedIn);
    expect(security("/v1/users/{username}")).toEqual(optional);
    expect(security("/v1/lint-probe/showcase/{itemId}")).toEqual(optional);
    expect(security("/v1/categories/all")).toEqual([]);
    expect(security("/v1/auth/login", "post")).toEqual([]);
    expect(security("/v1/lint-probe/ping", "post")).toEqual([]);
    expect(document.components.securitySchemes["cookieAuth"]).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: t.app.authCookies.access,
    });
    expect(document.components.securitySchemes["bearerAuth"]).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("names every operation after its method and path, and the server after PUBLIC_URL", () => {
    expect(operation("/v1/products/{id}/stock", "post").operationId).toBe("postProductsByIdStock");
    expect(operation("/v1/lint-probe/showcase/{itemId}", "get").operationId).toBe("getLintProbeShowcaseByItemId");
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it("describes a client error on a route that declares none", () => {
    expect(Object.keys(operation("/v1/lint-probe/ping", "post").responses)).toContain("400");
    expect(operation("/v1/health", "get").responses["400"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ErrorResponse",
    });
  });
});
