import { count, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import { adminAuditLog } from "../../db/schema/admin.js";
import { products, type Product } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import { ledgerTransactions } from "../../db/schema/ledger.js";
import { users, type User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { connectAs, listenOnFreePort, refusedConnection } from "../../test/test-chats.js";
import { TestClient } from "../../test/test-client.js";
import { createTestClock } from "../../test/test-clock.js";
import { createTestUser, signInAs, TEST_PASSWORD } from "../../test/test-users.js";
import { multipartForm } from "../../test/multipart.js";
import { ACCESS_TOKEN_TTL_SECONDS } from "./access-token.js";
import { REFRESH_REUSE_GRACE_MS } from "./sessions.js";

/*
 * Issue 9, "Sessions and CSRF", attacked from outside through HTTP and the socket handshake. What other suites
 * already prove is not repeated here:
 * - origin-check.test.ts: the hook's rules one by one (foreign, configured and missing Origin; form bodies).
 * - auth-guards.test.ts: every forged or stale access token on a guard (the same refusals per code).
 * - sessions.test.ts: refresh rotation, a stolen refresh token replayed after its owner refreshed (family revoked,
 *   both holders out), expiry, a ban in the database stopping a live session (USER_IS_BANNED).
 * - admin-bans.test.ts: POST /admin/ban-user ends the user's sessions and sockets at once (TOKEN_IS_REVOKED).
 * - sign-in.test.ts: 100 failed sign-ins per account and 30 attempts per IP, one batch at a time.
 * - security-headers.test.ts: the CSP and helmet's headers.
 */

const clock = createTestClock(new Date("2030-04-01T10:00:00.000Z"));
let t: TestApp;
let url: string;
let unique = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  url = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const person = (values: Partial<User> = {}) =>
  createTestUser(t.database.db, { username: `sa_${++unique}_${Date.now() % 100_000}`, ...values });
const errorOf = (response: LightMyRequestResponse): [number, string | undefined] => [
  response.statusCode,
  response.json().detail?.error_code,
];
const me = (client: TestClient) => client.get("/v1/auth/get-my-user-id");

describe("a cross-site request riding on the victim's cookies", () => {
  let buyer: User;
  let admin: User;
  let target: User;
  let product: Product;
  let buyerBrowser: TestClient;
  let adminBrowser: TestClient;

  beforeAll(async () => {
    admin = await person({ role: "admin" });
    buyer = await person({ balanceKopecks: 1000_00 });
    target = await person({ balanceKopecks: 50_00 });
    const seller = await person();
    const subcategory = await createTestSubcategory(t.database.db, await createTestGame(t.database.db));
    product = await createTestProduct(t, { sellerId: seller.id, categoryId: subcategory.id });
    buyerBrowser = await signInAs(t.app, buyer);
    adminBrowser = await signInAs(t.app, admin);
  });

  /** The state-changing calls an attacker most wants to forge, each as the victim who may make it. */
  const attacks = (): Array<{ victim: TestClient; url: string; fields: Record<string, string | number> }> => [
    { victim: buyerBrowser, url: "/v1/products/buy", fields: { product_id: product.id } },
    { victim: adminBrowser, url: "/v1/admin/ban-user", fields: { id: target.id } },
    {
      victim: adminBrowser,
      url: "/v1/admin/balance-adjustment",
      fields: { user_id: target.id, amount: 5, memo: "csrf" },
    },
    {
      victim: buyerBrowser,
      url: "/v1/users/password",
      fields: { current_password: TEST_PASSWORD, new_password: "Stolen#pass9" },
    },
  ];

  /** What an HTML form (and fetch without CORS) on another site can send, and the JSON a script would. */
  const bodies = (fields: Record<string, string | number>) => {
    const multipart = multipartForm(
      Object.entries(fields).map(([field, value]) => ({ field, content: String(value) })),
    );
    const text = Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, String(value)]));
    return [
      { type: "application/x-www-form-urlencoded", payload: new URLSearchParams(text).toString() },
      { type: multipart.headers["content-type"], payload: multipart.payload },
      // <form enctype="text/plain"> with a crafted field name delivers a JSON document.
      { type: "text/plain", payload: JSON.stringify(fields) },
      { type: "application/json", payload: JSON.stringify(fields) },
    ];
  };

  /** How the attacker's page shows up: its Origin, or (older browsers, privacy settings) only Referer or Sec-Fetch-Site. */
  const provenances: Array<Record<string, string>> = [
    { origin: "https://evil.example", referer: "https://evil.example/prize", "sec-fetch-site": "cross-site" },
    { origin: "null", "sec-fetch-site": "cross-site" },
    { referer: "https://evil.example/prize", "sec-fetch-site": "cross-site" },
    { referer: "https://evil.example/prize" },
  ];

  const send = (
    victim: TestClient,
    route: string,
    body: { type: string; payload: string | Buffer },
    headers: Record<string, string>,
  ) =>
    t.app.inject({
      method: "POST",
      url: route,
      remoteAddress: victim.ip,
      headers: { cookie: `access_token=${victim.cookie("access_token")}`, "content-type": body.type, ...headers },
      payload: body.payload,
    });

  /** Everything the four calls could change: balances, bans, passwords, deals, ledger and audit rows. */
  async function snapshot() {
    const { db } = t.database;
    const people = await db
      .select({ id: users.id, balance: users.balanceKopecks, banned: users.isBanned, hash: users.passwordHash })
      .from(users)
      .where(inArray(users.id, [buyer.id, target.id]));
    const rows = async (table: typeof deals | typeof ledgerTransactions | typeof adminAuditLog) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    const [stock] = await db.select({ status: products.status }).from(products).where(eq(products.id, product.id));
    return {
      people: people.sort((a, b) => a.id.localeCompare(b.id)),
      deals: await rows(deals),
      transactions: await rows(ledgerTransactions),
      audit: await rows(adminAuditLog),
      stock: stock!.status,
    };
  }

  it("is refused with ORIGIN_NOT_ALLOWED for every body type and changes nothing", async () => {
    const before = await snapshot();
    for (const attack of attacks()) {
      for (const body of bodies(attack.fields)) {
        for (const headers of provenances) {
          const response = await send(attack.victim, attack.url, body, headers);
          expect(errorOf(response), `${attack.url} ${body.type} ${JSON.stringify(headers)}`).toEqual([
            403,
            "ORIGIN_NOT_ALLOWED",
          ]);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
    // The victims are still signed in with their old passwords: nothing was done in their name.
    expect((await me(buyerBrowser)).statusCode).toBe(200);
    expect((await me(adminBrowser)).statusCode).toBe(200);
  });

  it("goes through when the same calls come from the app's own page, so the refusals above are the origin check's", async () => {
    const before = await snapshot();
    for (const attack of attacks()) {
      const [json] = bodies(attack.fields).slice(-1);
      const response = await send(attack.victim, attack.url, json!, {
        origin: "http://localhost",
        "sec-fetch-site": "same-origin",
      });
      expect(response.statusCode, `${attack.url} ${response.body}`).toBe(200);
    }
    const after = await snapshot();
    expect(after.deals).toBe(before.deals + 1);
    expect(after.people.find((row) => row.id === target.id)).toMatchObject({ banned: true, balance: 55_00 });
    expect(after.people.find((row) => row.id === buyer.id)!.hash).not.toBe(
      before.people.find((row) => row.id === buyer.id)!.hash,
    );
  });
});

/** Access tokens an attacker can make without the server's secret, each with the code the client must see. */
async function forgedTokens(victim: User, other: User, realToken: string): Promise<Array<[string, string, string]>> {
  const { sid } = JSON.parse(Buffer.from(realToken.split(".")[1]!, "base64url").toString()) as { sid: string };
  const exp = Math.floor(clock.now().getTime() / 1000) + 600;
  const signWith = (secret: string, alg: string, sub = victim.id) =>
    new SignJWT({ sid })
      .setProtectedHeader({ alg })
      .setSubject(sub)
      .setIssuedAt(exp - 900)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));
  const [header, payload, signature] = realToken.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
  const tamper = (changes: Record<string, unknown>) =>
    `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString("base64url")}.${signature}`;
  return [
    [
      "signed with another secret",
      await signWith("another-secret-that-is-at-least-32-characters", "HS256"),
      "TOKEN_IS_INVALID",
    ],
    [
      "with alg none",
      new UnsecuredJWT({ sid }).setSubject(victim.id).setExpirationTime(exp).encode(),
      "TOKEN_IS_INVALID",
    ],
    [
      "with alg none and the real signature",
      `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.${signature}`,
      "TOKEN_IS_INVALID",
    ],
    [
      "signed with the right secret but another algorithm",
      await signWith(t.config.jwtSecret, "HS512"),
      "TOKEN_IS_INVALID",
    ],
    [
      "naming another user in a re-signed token",
      await signWith(t.config.jwtSecret, "HS256", other.id),
      "TOKEN_IS_INVALID",
    ],
    ["naming another user, signature kept", tamper({ sub: other.id }), "TOKEN_IS_INVALID"],
    ["with a later expiry, signature kept", tamper({ exp: exp + 86_400 }), "TOKEN_IS_INVALID"],
  ];
}

describe("a forged or stale access token", () => {
  it("is refused on a guarded route and at the socket handshake with the catalogue code", async () => {
    const victim = await person();
    const other = await person();
    const browser = await signInAs(t.app, victim);
    for (const [name, token, code] of await forgedTokens(victim, other, browser.cookie("access_token")!)) {
      const forged = new TestClient(t.app);
      forged.setCookie("access_token", token);
      expect(errorOf(await me(forged)), name).toEqual([401, code]);
      expect(errorOf(await forged.post("/v1/products/buy", { product_id: other.id })), name).toEqual([401, code]);
      expect((await refusedConnection(url, forged)).message, name).toBe(code);
    }
    // None of this harmed the real session.
    expect((await me(browser)).json()).toEqual({ user_id: victim.id });
  });

  it("expires after 15 minutes on both paths, and the refresh token renews it", async () => {
    const browser = await signInAs(t.app, await person());
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(errorOf(await me(browser))).toEqual([401, "TOKEN_IS_EXPIRED"]);
    expect((await refusedConnection(url, browser)).message).toBe("TOKEN_IS_EXPIRED");
    expect((await browser.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    expect((await me(browser)).statusCode).toBe(200);
  });

  it("of a deleted user stops working at once, refresh token included", async () => {
    const victim = await person();
    const browser = await signInAs(t.app, victim);
    const socketless = browser.copy();
    await t.database.db.delete(users).where(eq(users.id, victim.id));
    expect(errorOf(await me(browser))).toEqual([401, "TOKEN_IS_REVOKED"]);
    expect((await refusedConnection(url, browser)).message).toBe("TOKEN_IS_REVOKED");
    expect(errorOf(await socketless.post("/v1/auth/update-tokens"))).toEqual([401, "INVALID_REFRESH_TOKEN"]);
  });

  it("of a user banned in the database is refused at the socket handshake too", async () => {
    const victim = await person();
    const browser = await signInAs(t.app, victim);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, victim.id));
    expect(errorOf(await me(browser))).toEqual([403, "USER_IS_BANNED"]);
    expect((await refusedConnection(url, browser)).message).toBe("USER_IS_BANNED");
  });
});

describe("a replayed refresh token", () => {
  it("revokes the family when a second holder rotates it after the grace window: both are signed out, other sign-ins stay", async () => {
    const victim = await person();
    const laptop = await signInAs(t.app, victim);
    const thief = laptop.copy();
    const phone = await signInAs(t.app, victim);

    // Within the window a parallel refresh is taken for another tab of the same browser (auth-sessions.test.ts).
    expect((await laptop.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect((await thief.post("/v1/auth/update-tokens")).statusCode).toBe(401);
    for (const holder of [laptop, thief]) {
      const [status, code] = errorOf(await me(holder));
      expect(status).toBe(401);
      expect(["TOKEN_IS_REVOKED", "TOKEN_NOT_FOUND"]).toContain(code);
      expect(errorOf(await holder.post("/v1/auth/update-tokens"))[0]).toBe(401);
    }
    expect((await me(phone)).statusCode).toBe(200);
  });

  it("revokes the family even when it comes back several rotations later", async () => {
    const browser = await signInAs(t.app, await person());
    const stolen = browser.copy();
    for (let rotation = 0; rotation < 3; rotation++)
      expect((await browser.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    expect(errorOf(await stolen.post("/v1/auth/update-tokens"))).toEqual([401, "TOKEN_IS_REVOKED"]);
    expect(errorOf(await me(browser))).toEqual([401, "TOKEN_IS_REVOKED"]);
    expect(errorOf(await browser.post("/v1/auth/update-tokens"))).toEqual([401, "TOKEN_IS_REVOKED"]);
  });
});

describe("1,000 rapid wrong sign-ins", () => {
  const ATTACK = 1000;
  const BATCH = 125;

  /** Sends the attempts 125 at a time (not a divisor of the limits), in parallel as a botnet would. */
  async function storm(attempt: (index: number) => Promise<LightMyRequestResponse>): Promise<Map<string, number>> {
    const tally = new Map<string, number>();
    for (let start = 0; start < ATTACK; start += BATCH) {
      const responses = await Promise.all(Array.from({ length: BATCH }, (_, offset) => attempt(start + offset)));
      for (const response of responses) {
        const key = `${response.statusCode} ${response.json().detail?.error_code}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
    }
    return tally;
  }

  const guess = (client: TestClient, email: string, index: number) =>
    client.post("/v1/auth/login", { email, password: `Guess#${index}x` });

  it("from one IP: 30 are tried, the rest refused; the owner signs in from elsewhere at once and the IP again next minute", async () => {
    clock.set(new Date("2030-04-02T10:00:00.000Z"));
    const owner = await person();
    const attacker = new TestClient(t.app);
    const tally = await storm((index) => guess(attacker, owner.email, index));
    expect(Object.fromEntries(tally)).toEqual({
      "401 INCORRECT_EMAIL_OR_PASSWORD": 30,
      "429 TOO_MANY_REQUESTS": ATTACK - 30,
    });
    expect((await signInAs(t.app, owner)) instanceof TestClient).toBe(true);
    clock.advance(60_000);
    expect(errorOf(await guess(attacker, owner.email, 0))).toEqual([401, "INCORRECT_EMAIL_OR_PASSWORD"]);
  });

  it("from 1,000 IPs and a stolen session against one account: exactly 100 passwords are tried; the owner is locked out until the hour ends, not a second longer", async () => {
    clock.set(new Date("2030-04-03T10:00:00.000Z"));
    const owner = await person();
    const stolen = await signInAs(t.app, owner);
    // Every other guess goes through password change, which spends the same budget (a stolen session must not
    // be a way round it); each half alone could overrun the budget if its check and its count were apart.
    const tally = await storm((index) =>
      index % 2 === 0
        ? stolen.post("/v1/users/password", { current_password: `Guess#${index}x`, new_password: "Stolen#pass9" })
        : guess(new TestClient(t.app), owner.email, index),
    );
    const tried = (tally.get("401 INCORRECT_EMAIL_OR_PASSWORD") ?? 0) + (tally.get("400 WRONG_PASSWORD") ?? 0);
    expect(tried, JSON.stringify([...tally])).toBe(100);
    expect(tally.get("429 TOO_MANY_REQUESTS")).toBe(ATTACK - 100);

    const login = () => new TestClient(t.app).post("/v1/auth/login", { email: owner.email, password: TEST_PASSWORD });
    clock.advance(60 * 60_000 - 1000);
    const locked = await login();
    expect(errorOf(locked)).toEqual([429, "TOO_MANY_REQUESTS"]);
    expect(locked.headers["retry-after"]).toBe("1");
    clock.advance(1000);
    expect((await login()).statusCode).toBe(200);
  });
});

describe("the token cookies (ARCHITECTURE.md §6)", () => {
  const plain = { access: "access_token", refresh: "refresh_token" };
  const modes: Array<[string, Partial<Config>, { access: string; refresh: string; secure: boolean }]> = [
    // The prefixes make the browser refuse a token planted by a sibling subdomain or a plain-HTTP page.
    [
      "behind HTTPS (PUBLIC_URL https:)",
      { publicUrl: "https://shop.example" },
      { access: "__Host-access_token", refresh: "__Secure-refresh_token", secure: true },
    ],
    ["without PUBLIC_URL", {}, { ...plain, secure: true }],
    ["behind plain HTTP (PUBLIC_URL http:)", { publicUrl: "http://192.168.1.5:3000" }, { ...plain, secure: true }],
    // What loadConfig makes of NODE_ENV=development (config.test.ts).
    ["in development", { env: "development", secureCookies: false }, { ...plain, secure: false }],
  ];

  describe.each(modes)("%s", (_mode, overrides, names) => {
    let app: TestApp;
    let appUrl: string;
    beforeAll(async () => {
      app = await createTestApp(overrides);
      appUrl = await listenOnFreePort(app.app);
    });
    afterAll(() => app.close());

    /** A Set-Cookie header as the browser reads it: the name and every attribute. */
    const parsed = (header: string) => {
      const [pair, ...attributes] = header.split(";").map((part) => part.trim());
      return { name: pair!.slice(0, pair!.indexOf("=")), attributes: attributes.sort() };
    };
    const expected = (name: string, path: string) => ({
      name,
      attributes: [
        "HttpOnly",
        `Max-Age=${30 * 24 * 60 * 60}`,
        `Path=${path}`,
        "SameSite=Lax",
        ...(names.secure ? ["Secure"] : []),
      ].sort(),
    });

    it(`are ${names.access} (Path=/) and ${names.refresh} (Path=/v1/auth), HttpOnly, SameSite=Lax${names.secure ? ", Secure" : ""}, without Domain`, async () => {
      const user = await createTestUser(app.database.db, { username: `sa_cookie_${++unique}` });
      const response = await new TestClient(app.app).post("/v1/auth/login", {
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(200);
      const headers = [response.headers["set-cookie"] ?? []].flat();
      // The session hint goes beside them, readable by scripts (no HttpOnly) and otherwise alike (auth-cookies.ts).
      const hint = expected("session_hint", "/");
      expect(headers.map(parsed)).toEqual([
        expected(names.access, "/"),
        expected(names.refresh, "/v1/auth"),
        { ...hint, attributes: hint.attributes.filter((attribute) => attribute !== "HttpOnly") },
      ]);
    });

    it("are the ones guards, the socket handshake, refresh and sign-out read; other names count for nothing", async () => {
      const user = await createTestUser(app.database.db, { username: `sa_cookie_${++unique}` });
      const browser = await signInAs(app.app, user);
      const token = browser.cookie(names.access)!;
      expect((await me(browser)).statusCode).toBe(200);
      const socket = await connectAs(appUrl, undefined, { cookie: `${names.access}=${token}` });
      socket.close();
      expect((await browser.post("/v1/auth/update-tokens")).statusCode).toBe(200);

      if (names.access !== plain.access) {
        const planted = new TestClient(app.app);
        planted.setCookie(plain.access, browser.cookie(names.access)!);
        expect(errorOf(await me(planted))).toEqual([401, "TOKEN_NOT_FOUND"]);
        expect((await refusedConnection(appUrl, undefined, { cookie: `${plain.access}=${token}` })).message).toBe(
          "TOKEN_NOT_FOUND",
        );
      }

      const signOut = await browser.post("/v1/auth/logout");
      expect(
        signOut.cookies
          .filter((cookie) => cookie.value === "")
          .map((cookie) => cookie.name)
          .sort(),
      ).toEqual([names.access, names.refresh, "session_hint"].sort());
      expect(errorOf(await me(browser))).toEqual([401, "TOKEN_NOT_FOUND"]);
    });
  });
});
