import {
  API_TOKEN_PREFIX,
  API_TOKEN_REQUESTS_PER_MINUTE,
  API_TOKENS_PER_USER_MAX,
  apiTokenListSchema,
} from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestSubcategory, createTestGame } from "../../test/test-catalog.js";
import { TestClient } from "../../test/test-client.js";
import { createTestClock, type TestClock } from "../../test/test-clock.js";
import { createTestDeal } from "../../test/test-deals.js";
import { banUser } from "../../test/test-auth.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * Issue 25: personal access tokens. What each scope reaches is the authorization matrix's
 * (platform/http/authorization-matrix.test.ts); this file covers a token's life: shown once, listed without it,
 * revoked, expired, its owner banned, its rate, and the Origin check it skips.
 */

let t: TestApp;
let clock: TestClock;
const people = testPeople("pat", () => t);

beforeAll(async () => {
  clock = createTestClock(new Date());
  t = await createTestApp({}, { clock: clock.now });
});
afterAll(() => t.close());

async function createToken(owner: Person, body: object = {}) {
  return owner.client.post("/v1/tokens", { name: "Shop bot", scopes: ["wallet:read"], expires_in_days: 30, ...body });
}

async function tokenOf(owner: Person, body: object = {}): Promise<string> {
  const response = await createToken(owner, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { token: string }).token;
}

const program = (token: string, options: { ip?: string } = {}) => new TestClient(t.app, { ...options, bearer: token });

describe("personal access tokens", () => {
  it("are shown once at creation and listed with their scopes, never the token itself", async () => {
    const owner = await people.person();
    const created = await createToken(owner, { name: "  Delivery bot ", scopes: ["chats:write", "chats:read"] });
    expect(created.statusCode, created.body).toBe(200);
    const { id, token } = created.json() as { id: string; token: string };
    expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);

    const listed = await owner.client.get("/v1/tokens");
    expect(listed.body).not.toContain(token.slice(API_TOKEN_PREFIX.length + 6));
    const { tokens } = apiTokenListSchema.parse(listed.json());
    expect(tokens).toEqual([
      expect.objectContaining({
        id,
        name: "Delivery bot",
        // In the catalogue's order, whatever order they were asked in.
        scopes: ["chats:read", "chats:write"],
        prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
        last_used_at: null,
      }),
    ]);
    expect(Date.parse(tokens[0]!.expires_at) - Date.parse(tokens[0]!.created_at)).toBe(30 * 24 * 3600_000);
  });

  it("answers as its owner on the routes of its scopes, and records when it was last used", async () => {
    const owner = await people.person();
    const token = await tokenOf(owner);
    const wallet = await program(token).get("/v1/wallet");
    expect(wallet.statusCode, wallet.body).toBe(200);
    const me = await program(token).get("/v1/auth/get-my-user-id");
    expect(me.json()).toEqual({ user_id: owner.user.id });
    const { tokens } = apiTokenListSchema.parse((await owner.client.get("/v1/tokens")).json());
    expect(tokens[0]!.last_used_at).toBe(clock.now().toISOString());
  });

  it("stop at once when revoked, and another user cannot revoke them", async () => {
    const owner = await people.person();
    const stranger = await people.person();
    const created = (await createToken(owner)).json() as { id: string; token: string };
    expect((await program(created.token).get("/v1/wallet")).statusCode).toBe(200);

    const foreign = await stranger.client.request("DELETE", `/v1/tokens/${created.id}`);
    expect([foreign.statusCode, foreign.json().detail.error_code]).toEqual([404, "API_TOKEN_NOT_FOUND"]);
    expect((await program(created.token).get("/v1/wallet")).statusCode).toBe(200);

    expect((await owner.client.request("DELETE", `/v1/tokens/${created.id}`)).statusCode).toBe(204);
    const after = await program(created.token).get("/v1/wallet");
    expect([after.statusCode, after.json().detail.error_code]).toEqual([401, "TOKEN_IS_INVALID"]);
    expect(apiTokenListSchema.parse((await owner.client.get("/v1/tokens")).json()).tokens).toEqual([]);
  });

  it("expire after the days they were given, and stay listed until revoked", async () => {
    const owner = await people.person();
    const token = await tokenOf(owner, { expires_in_days: 1 });
    expect((await program(token).get("/v1/wallet")).statusCode).toBe(200);
    clock.advance(24 * 3600_000 + 1000);
    const expired = await program(token).get("/v1/wallet");
    expect([expired.statusCode, expired.json().detail.error_code]).toEqual([401, "API_TOKEN_EXPIRED"]);
    // The owner's browser renews its own (15-minute) session meanwhile.
    expect((await owner.client.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    expect(apiTokenListSchema.parse((await owner.client.get("/v1/tokens")).json()).tokens).toHaveLength(1);
  });

  it("stop at once when their owner is banned", async () => {
    const owner = await people.person();
    const token = await tokenOf(owner);
    expect((await program(token).get("/v1/wallet")).statusCode).toBe(200);
    await banUser(t, owner.user.email);
    const banned = await program(token).get("/v1/wallet");
    expect([banned.statusCode, banned.json().detail.error_code]).toEqual([403, "USER_IS_BANNED"]);
  });

  it("never reach admin routes, even an admin's", async () => {
    const admin = await people.person("admin");
    const token = await tokenOf(admin, { scopes: ["products:read", "products:write", "wallet:read"] });
    const refused = await program(token).get("/v1/admin/users");
    expect([refused.statusCode, refused.json().detail.error_code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });

  it("refuse credentials that are not a live token of ours", async () => {
    for (const authorization of [
      `Bearer ${API_TOKEN_PREFIX}${"x".repeat(43)}`,
      "Bearer not-a-token",
      "Basic dXNlcjpwYXNz",
    ]) {
      const response = await t.app.inject({ method: "GET", url: "/v1/wallet", headers: { authorization } });
      expect([authorization, response.statusCode, response.json().detail.error_code]).toEqual([
        authorization,
        401,
        "TOKEN_IS_INVALID",
      ]);
    }
  });

  it(`are limited to ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute each, from any address`, async () => {
    const owner = await people.person();
    const [busy, calm] = [await tokenOf(owner), await tokenOf(owner)];
    for (let sent = 0; sent < API_TOKEN_REQUESTS_PER_MINUTE; sent += 1) {
      const response = await program(busy).get("/v1/auth/get-my-user-id");
      if (response.statusCode !== 200) throw new Error(`request ${sent + 1}: ${response.statusCode} ${response.body}`);
    }
    const over = await program(busy).get("/v1/auth/get-my-user-id");
    expect([over.statusCode, over.json().detail.error_code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await program(calm).get("/v1/auth/get-my-user-id")).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await program(busy).get("/v1/auth/get-my-user-id")).statusCode).toBe(200);
  });

  it(`are at most ${API_TOKENS_PER_USER_MAX} live ones per user, also when created all at once`, async () => {
    const owner = await people.person();
    const answers = await Promise.all(
      Array.from({ length: API_TOKENS_PER_USER_MAX + 5 }, (_, n) => createToken(owner, { name: `Bot ${n}` })),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_TOKENS_PER_USER_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(answers.find((response) => response.statusCode === 409)!.json().detail.error_code).toBe(
      "API_TOKEN_LIMIT_REACHED",
    );
  });

  it("refuse a request without scopes or expiry with the fields named, in the user's language", async () => {
    const owner = await people.person();
    const response = await owner.client.request("POST", "/v1/tokens", { name: "", scopes: [], expires_in_days: 0 });
    expect(response.statusCode).toBe(422);
    const russian = await t.app.inject({
      method: "POST",
      url: "/v1/tokens",
      headers: { cookie: `access_token=${owner.client.cookie("access_token")}`, "accept-language": "ru" },
      payload: { name: "Бот", scopes: [], expires_in_days: 400 },
    });
    expect(russian.json().detail.errors).toEqual([
      { field: "scopes", message: "Выберите хотя бы одно право" },
      { field: "expires_in_days", message: "Не больше 365 дней" },
    ]);
    expect(apiTokenListSchema.parse((await owner.client.get("/v1/tokens")).json()).tokens).toEqual([]);
  });
});

describe("a program with a token", () => {
  it("writes from any origin without cookies; a browser's cookie still needs an allowed one", async () => {
    const seller = await people.person();
    const buyer = await people.person();
    const subcategory = await createTestSubcategory(t.database.db, await createTestGame(t.database.db));
    const { chat } = await createTestDeal(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      categoryId: subcategory.id,
    });
    const token = await tokenOf(seller, { scopes: ["chats:write"] });
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: `/v1/chats/${chat.id}/messages`,
        headers: { origin: "https://elsewhere.example", ...headers },
        payload: { text: "Hello from the shop's bot" },
      });

    const fromProgram = await send({ authorization: `Bearer ${token}` });
    expect(fromProgram.statusCode, fromProgram.body).toBe(200);
    expect(fromProgram.json()).toMatchObject({ text: "Hello from the shop's bot", sender_id: seller.user.id });
    const seen = await buyer.client.get(`/v1/chats/${chat.id}/messages`);
    expect((seen.json() as Array<{ text: string }>).map((message) => message.text)).toContain(
      "Hello from the shop's bot",
    );

    const withCookie = await send({
      authorization: `Bearer ${token}`,
      cookie: `access_token=${seller.client.cookie("access_token")}`,
    });
    expect([withCookie.statusCode, withCookie.json().detail.error_code]).toEqual([403, "ORIGIN_NOT_ALLOWED"]);
  });

  it("delivers only while the deal waits for its buyer", async () => {
    const seller = await people.person();
    const buyer = await people.person();
    const subcategory = await createTestSubcategory(t.database.db, await createTestGame(t.database.db));
    const open = await createTestDeal(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      categoryId: subcategory.id,
      status: "purchased",
    });
    const done = await createTestDeal(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      categoryId: subcategory.id,
    });
    const bot = program(await tokenOf(seller, { scopes: ["deals:write"] }));
    const delivered = await bot.post(`/v1/deals/${open.deal.id}/deliver`, { text: "login: hero / password: s3cret" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ chat_room_id: open.chat.id, sender_id: seller.user.id });
    const late = await bot.post(`/v1/deals/${done.deal.id}/deliver`, { text: "login: hero / password: s3cret" });
    expect([late.statusCode, late.json().detail.error_code]).toEqual([409, "INVALID_DEAL_STATUS"]);
    // The token reaches delivering, not the chat at large.
    const chatting = await bot.post(`/v1/chats/${open.chat.id}/messages`, { text: "Anything else?" });
    expect([chatting.statusCode, chatting.json().detail.error_code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });
});
