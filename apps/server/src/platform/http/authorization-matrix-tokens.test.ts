import { API_SCOPES, type ApiScope } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteApiScope } from "../auth/index.js";
import { authorizationMatrix, outcomeOf, type Method, type Outcome } from "../../test/authorization-matrix.js";
import { TestClient } from "../../test/test-client.js";

/*
 * Issue 25: the token role. A route named here lets a personal access token of `user` with the scope through, to
 * the answer `user` gets with a session; a token without it, and any token on every other guarded route, is refused
 * with INSUFFICIENT_SCOPE. A public route ignores the header and answers as to a guest.
 */
const tokenScopes: Record<string, RouteApiScope> = {
  "POST /v1/auth/": "any",
  "GET /v1/auth/get-my-user-id": "any",
  "GET /v1/products/get/all": "products:read",
  "GET /v1/products/search": "products:read",
  "GET /v1/products/category/{id}": "products:read",
  "GET /v1/products/user/{userId}": "products:read",
  "GET /v1/products/user/by-username/{username}": "products:read",
  "GET /v1/products/{id}": "products:read",
  "GET /v1/products/{gameSlug}/{subcategorySlug}": "products:read",
  "GET /v1/products/{id}/stock": "products:read",
  "POST /v1/products/": "products:write",
  "PATCH /v1/products/": "products:write",
  "PATCH /v1/products/images": "products:write",
  "DELETE /v1/products/": "products:write",
  "POST /v1/products/{id}/pause": "products:write",
  "POST /v1/products/{id}/resume": "products:write",
  "POST /v1/products/{id}/relist": "products:write",
  "POST /v1/products/{id}/stock": "stock:write",
  "DELETE /v1/products/{id}/stock/{unitId}": "stock:write",
  "GET /v1/users/{id}/purchases": "deals:read",
  "GET /v1/users/{id}/sales": "deals:read",
  "POST /v1/deals/{id}/deliver": "deals:write",
  "POST /v1/reviews/{id}/reply": "deals:write",
  "GET /v1/chats/": "chats:read",
  "GET /v1/chats/{id}/messages": "chats:read",
  "GET /v1/products/get/chat/{chatId}": "chats:read",
  "POST /v1/chats/": "chats:write",
  "POST /v1/chats/{id}/messages": "chats:write",
  "POST /v1/chats/{id}/attachments": "chats:write",
  "GET /v1/wallet": "wallet:read",
  "GET /v1/wallet/statement": "wallet:read",
};

const OUT_OF_SCOPE = [403, "INSUFFICIENT_SCOPE"] as const;

const { matrix, setUp, close, app, user, tokenOf, sendAs } = authorizationMatrix();
/** `user`'s tokens with one scope each, and one with every scope. */
let scopedTokens: Record<ApiScope, string>;
let everyScopeToken: string;
/** Routes whose document names no security: no guard reads a token there. */
let publicRoutes: Set<string>;

beforeAll(async () => {
  await setUp();
  scopedTokens = Object.fromEntries(
    await Promise.all(API_SCOPES.map(async (scope) => [scope, (await tokenOf(user().id, [scope])).token])),
  ) as Record<ApiScope, string>;
  everyScopeToken = (await tokenOf(user().id, [...API_SCOPES])).token;
  const document = (await app().app.inject({ method: "GET", url: "/v1/docs/json" })).json() as OpenApiDocument;
  publicRoutes = new Set(
    operationsOf(document)
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ route }) => route),
  );
});
afterAll(close);

/** An operation of the OpenAPI document, as far as its security requirements. */
type Operation = { security?: Array<Record<string, string[]>> };
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

function operationsOf(document: OpenApiDocument): Array<{ route: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );
}

describe("authorization matrix for personal access tokens", () => {
  it("documents each route's token scope as the table says", async () => {
    const document = (await app().app.inject({ method: "GET", url: "/v1/docs/json" })).json() as OpenApiDocument;
    const documented = Object.fromEntries(
      operationsOf(document).flatMap(({ route, operation }) => {
        const bearer = operation.security?.find((requirement) => "bearerAuth" in requirement)?.["bearerAuth"];
        return bearer === undefined ? [] : [[route, bearer[0] ?? "any"]];
      }),
    );
    expect(documented).toEqual(tokenScopes);
  });

  it.each(Object.keys(matrix))("%s answers personal access tokens as their scopes say", async (route) => {
    const { call, expected } = matrix[route]!;
    const method = route.split(" ", 1)[0] as Method;
    const scope = tokenScopes[route];
    const refused = publicRoutes.has(route) ? expected.guest : OUT_OF_SCOPE;
    const program = (token: string) => new TestClient(app().app, { bearer: token });
    const cases: Array<[label: string, token: string, outcome: Outcome]> =
      scope === undefined
        ? [["every scope", everyScopeToken, refused]]
        : scope === "any"
          ? API_SCOPES.map((only) => [only, scopedTokens[only], expected.user])
          : [
              [scope, scopedTokens[scope], expected.user],
              ...API_SCOPES.filter((other) => other !== scope).map((other): [string, string, Outcome] => [
                other,
                scopedTokens[other],
                refused,
              ]),
            ];
    const answered: Record<string, Outcome> = {};
    const wanted: Record<string, Outcome> = {};
    for (const [label, token, outcome] of cases) {
      const response = await sendAs(program(token), method, await call());
      answered[label] = outcomeOf(response, outcome);
      wanted[label] = outcome;
    }
    expect(answered).toEqual(wanted);
  });
});
