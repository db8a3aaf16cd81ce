import { randomUUID } from "node:crypto";
import { errorStatus, isErrorCode } from "@lootlane/contract";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../db/schema/users.js";
import { fuzzOperations, type FuzzOperation, type OpenApiDocument } from "../../test/fuzz-openapi.js";
import { fuzzRequests, type FuzzRequest } from "../../test/fuzz-requests.js";
import { fuzzSeed } from "../../test/fuzz-values.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { nextTestIp } from "../../test/test-client.js";
import { createTestDeal } from "../../test/test-deals.js";
import { tableSnapshot, type TableSnapshot } from "../../test/test-row-counts.js";
import { createTestUser } from "../../test/test-users.js";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "../auth/auth-cookies.js";
import { startSession } from "../auth/sessions.js";

/*
 * Issue 9, input fuzzing: every operation of the OpenAPI document gets generated path parameters, queries,
 * headers and bodies (JSON or multipart) from its own schemas: wrong types, nulls, huge strings, lone
 * surrogates, NUL, direction marks, emoji, combining marks, extra and prototype fields, JSON nested 100,000
 * deep, bodies that are not what the content type says. Whatever arrives, the answer is a 2xx or a 4xx with a
 * code of the contract's catalogue, never a 5xx; an input the schema cannot accept is refused; and a refused
 * request leaves every table as it was (the ledger check runs when the app closes).
 */

type Actor = "guest" | "user" | "admin";

const RUNS_PER_OPERATION = 25;

// Its generated values go into every field, URLs included: none of them is a secret to look for in the logs.
const t: TestApp = await createTestApp({}, {}, { recordSecrets: false });
const operations = fuzzOperations(
  (await t.app.inject({ method: "GET", url: "/v1/docs/json" })).json<OpenApiDocument>(),
);

let people: Record<Exclude<Actor, "guest">, User>;
/** Ids of rows the requests may hit. The actors' own user ids are left out: a generated admin edit could ban them. */
let knownIds: string[];

const unique = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  const { db } = t.database;
  people = {
    user: await createTestUser(db, { username: `fz_user_${unique()}` }),
    admin: await createTestUser(db, { username: `fz_admin_${unique()}`, role: "admin" }),
  };
  const seller = await createTestUser(db, { username: `fz_seller_${unique()}`, balanceKopecks: 500_00 });
  const game = await createTestGame(db);
  const subcategory = await createTestSubcategory(db, game);
  const product = (sellerId: string, status: "active" | "moderation" = "active") =>
    createTestProduct(t, { sellerId, categoryId: subcategory.id, status });
  const own = await product(people.user.id);
  const pending = await product(people.user.id, "moderation");
  const forSale = await product(seller.id);
  const purchase = await createTestDeal(t, {
    sellerId: seller.id,
    buyerId: people.user.id,
    categoryId: subcategory.id,
  });
  knownIds = [
    seller.id,
    game.id,
    subcategory.id,
    own.id,
    pending.id,
    forSale.id,
    purchase.deal.id,
    purchase.chat.id,
    purchase.product.id,
  ];
});
afterAll(() => t.close());

/**
 * Who gets past the route's guard: the guards run before the body is read (onRequest), so an empty request
 * tells them apart. Public routes are fuzzed as a guest and as a signed-in user.
 */
async function actorsPastGuard(operation: FuzzOperation): Promise<Actor[]> {
  const probe = {
    method: operation.method,
    url: operation.path.replace(/\{[^}]+\}/g, randomUUID()),
    headers: {},
    payload: undefined,
  };
  if (errorCodeOf(await send(probe, {})) !== "TOKEN_NOT_FOUND") return ["guest", "user"];
  return errorCodeOf(await send(probe, await sessionCookies("user"))) === "INSUFFICIENT_PERMISSIONS"
    ? ["admin"]
    : ["user"];
}

/** Cookies of a new session of the actor (none for a guest). */
async function sessionCookies(actor: Actor): Promise<Record<string, string>> {
  if (actor === "guest") return {};
  const tokens = await startSession(
    t.database.db,
    { userId: people[actor].id, client: { ip: nextTestIp(), userAgent: "input-fuzzing" } },
    { jwtSecret: t.config.jwtSecret, now: new Date() },
  );
  return { cookie: `${ACCESS_COOKIE}=${tokens.accessToken}; ${REFRESH_COOKIE}=${tokens.refreshToken}` };
}

/** The request from a fresh address, so no per-address rate limit carries over from one request to the next. */
function send(request: Omit<FuzzRequest, "refusal">, cookies: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: { ...request.headers, ...cookies },
    remoteAddress: nextTestIp(),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

function errorCodeOf(response: LightMyRequestResponse): unknown {
  try {
    return (response.json() as { detail?: { error_code?: unknown } }).detail?.error_code;
  } catch {
    return undefined;
  }
}

describe("input fuzzing", () => {
  it("covers every documented operation", () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations.map((operation) => [operation.route, operation] as const))(
    "%s answers any input with a 2xx or a catalogued 4xx, and refuses without a trace",
    async (_, operation) => {
      const actors = await actorsPastGuard(operation);
      // A refused request leaves the database as the last snapshot found it. Sessions are opened once per actor and
      // a snapshot taken only when something may have changed (a 2xx), so most requests cost one snapshot.
      const sessions = new Map<Actor, Record<string, string>>();
      let unchanged: TableSnapshot | undefined;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...actors), fuzzRequests(operation, knownIds), async (actor, request) => {
          let cookies = sessions.get(actor);
          if (!cookies) {
            cookies = await sessionCookies(actor);
            sessions.set(actor, cookies);
            unchanged = undefined;
          }
          unchanged ??= await tableSnapshot(t.database.db);
          const response = await send(request, cookies);
          const answer = `answered ${response.statusCode} ${response.body.slice(0, 300)}`;
          const status = response.statusCode;
          expect((status >= 200 && status < 300) || (status >= 400 && status < 500), answer).toBe(true);
          if (request.refusal)
            expect(
              status,
              `${answer}, although the request must be refused (${request.refusal})`,
            ).toBeGreaterThanOrEqual(400);
          if (status < 400) {
            // Accepted: it may have changed anything, its own session included (a sign-out, a token refresh).
            sessions.delete(actor);
            unchanged = undefined;
            return;
          }
          const code = errorCodeOf(response);
          expect(
            isErrorCode(code) && errorStatus(code) === status,
            `${answer}: not an error answer with a catalogue code of that status`,
          ).toBe(true);
          expect(await tableSnapshot(t.database.db), `${answer}, and changed the database`).toEqual(unchanged);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: fuzzSeed(operation.route) },
      );
    },
  );
});
