import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actors,
  authorizationMatrix,
  errorCodeOf,
  outcomeOf,
  type Actor,
  type Method,
  type Outcome,
} from "../../test/authorization-matrix.js";

/*
 * Issue 9: who may call each route of the OpenAPI document (SPEC.md §6), as one table (test/authorization-matrix.ts).
 * Every documented `METHOD /path` needs a row there and every row a documented route, so a new route cannot ship
 * without someone deciding who may call it.
 */

const { matrix, setUp, close, app, send } = authorizationMatrix();
beforeAll(setUp);
afterAll(close);

describe("authorization matrix", () => {
  it("has one row for every route of the OpenAPI document, and no other", async () => {
    const response = await app().app.inject({ method: "GET", url: "/v1/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(matrix).sort()).toEqual(documented.sort());
  });

  it("asks a guest to sign in before it reads what the guest sent", async () => {
    for (const url of ["/v1/auth/", "/v1/auth/logout-all", "/v1/users/password"]) {
      const response = await app().app.inject({ method: "POST", url, payload: { unexpected: ["shape"] } });
      expect([url, response.statusCode, errorCodeOf(response)]).toEqual([url, 401, "TOKEN_NOT_FOUND"]);
    }
  });

  it.each(Object.keys(matrix))("%s answers each caller as the table says", async (route) => {
    const { call, expected } = matrix[route]!;
    const method = route.split(" ", 1)[0] as Method;
    const answered = {} as Record<Actor, Outcome>;
    const bodies: string[] = [];
    for (const actor of actors) {
      const response = await send(actor, method, await call());
      answered[actor] = outcomeOf(response, expected[actor]);
      bodies.push(`${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(answered, bodies.join("\n")).toEqual(expected);
  });
});
