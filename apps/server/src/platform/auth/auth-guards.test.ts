import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users, type UserRole } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestClock } from "../../test/test-clock.js";
import { ACCESS_COOKIE } from "./auth-cookies.js";
import { optionalUser, requireAdmin, requireUser, signedInUser } from "./auth-guards.js";
import { revokeFamily, startSession } from "./sessions.js";
import { sessionsChanged } from "./sessions.events.js";

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  // Routes as other modules write them; added before the first request.
  t.app.get("/test/user", { preHandler: requireUser }, async (request) => signedInUser(request));
  t.app.get("/test/admin", { preHandler: requireAdmin }, async (request) => ({ id: signedInUser(request).id }));
  t.app.get("/test/maybe", { preHandler: optionalUser }, async (request) => ({ id: request.user?.id ?? null }));
});
afterAll(() => t.close());

/** A user row and a session for it, made the way sign-in makes them; admins sign in with a second factor. */
async function sessionFor(role: UserRole = "user", { twoFactor = role === "admin" } = {}) {
  const name = `g_${randomUUID().slice(0, 8)}`;
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: `${name}@example.com`,
      username: name,
      passwordHash: "unused",
      role,
      totpEnabledAt: twoFactor ? clock.now() : null,
    })
    .returning({ id: users.id });
  const tokens = await startSession(
    t.database.db,
    { userId: user!.id, client: { ip: "10.0.0.1", userAgent: "test" } },
    { jwtSecret: t.config.jwtSecret, now: clock.now() },
  );
  return { userId: user!.id, ...tokens };
}

const call = (url: string, accessToken?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: "GET",
    url,
    ...(accessToken === undefined ? {} : { cookies: { [ACCESS_COOKIE]: accessToken } }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail.error_code).toBe(code);
}

const sign = (claims: { sub: string; sid: string }, secret: string, expiresAt: number) =>
  new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuedAt(expiresAt - 900)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

const inFuture = () => Math.floor(clock.now().getTime() / 1000) + 600;

describe("requireUser", () => {
  it("sets request.user from a valid access cookie", async () => {
    const session = await sessionFor();
    const response = await call("/test/user", session.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: session.userId,
      username: expect.any(String),
      role: "user",
      sessionId: session.sessionId,
      twoFactorEnabled: false,
    });
  });

  it("answers 401 TOKEN_NOT_FOUND without the cookie", async () => {
    expectError(await call("/test/user"), 401, "TOKEN_NOT_FOUND");
    expectError(await call("/test/user", ""), 401, "TOKEN_NOT_FOUND");
  });

  it("answers 401 TOKEN_IS_EXPIRED for a token past its exp", async () => {
    const session = await sessionFor();
    const expired = await sign(
      { sub: session.userId, sid: session.sessionId },
      t.config.jwtSecret,
      Math.floor(clock.now().getTime() / 1000) - 1,
    );
    expectError(await call("/test/user", expired), 401, "TOKEN_IS_EXPIRED");
  });

  it("answers 401 TOKEN_IS_EXPIRED 15 minutes after the token was issued", async () => {
    const session = await sessionFor();
    clock.advance(15 * 60_000 - 1000);
    expect((await call("/test/user", session.accessToken)).statusCode).toBe(200);
    clock.advance(1000);
    expectError(await call("/test/user", session.accessToken), 401, "TOKEN_IS_EXPIRED");
  });

  it("answers 401 TOKEN_IS_INVALID for a token it did not sign or cannot read", async () => {
    const session = await sessionFor();
    const claims = { sub: session.userId, sid: session.sessionId };
    const forged = [
      await sign(claims, "another-secret-that-is-at-least-32-characters", inFuture()),
      new UnsecuredJWT({ sid: claims.sid }).setSubject(claims.sub).setExpirationTime(inFuture()).encode(),
      `${session.accessToken.slice(0, -2)}xx`,
      "not-a-jwt",
      await sign({ sub: session.userId, sid: "not-a-uuid" }, t.config.jwtSecret, inFuture()),
      // A real session presented as another user's.
      await sign({ sub: randomUUID(), sid: session.sessionId }, t.config.jwtSecret, inFuture()),
    ];
    for (const token of forged) expectError(await call("/test/user", token), 401, "TOKEN_IS_INVALID");
  });

  it("answers 401 TOKEN_IS_REVOKED as soon as the session is revoked, before the token expires", async () => {
    const session = await sessionFor();
    expect((await call("/test/user", session.accessToken)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    await revokeFamily(t.database.db, row!.familyId, clock.now());
    sessionsChanged(t.database.db, session.userId);
    expectError(await call("/test/user", session.accessToken), 401, "TOKEN_IS_REVOKED");
  });

  it("answers 403 USER_IS_BANNED as soon as the user is banned", async () => {
    const session = await sessionFor();
    expect((await call("/test/user", session.accessToken)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, session.userId));
    sessionsChanged(t.database.db, session.userId);
    expectError(await call("/test/user", session.accessToken), 403, "USER_IS_BANNED");
  });
});

describe("requireAdmin", () => {
  it("lets an admin through and answers 403 INSUFFICIENT_PERMISSIONS to anyone else", async () => {
    const admin = await sessionFor("admin");
    expect((await call("/test/admin", admin.accessToken)).json()).toEqual({ id: admin.userId });
    expectError(await call("/test/admin", (await sessionFor("user")).accessToken), 403, "INSUFFICIENT_PERMISSIONS");
    expectError(await call("/test/admin"), 401, "TOKEN_NOT_FOUND");
  });

  it("answers 403 TWO_FACTOR_SETUP_REQUIRED to an admin without two-factor sign-in, and lets them in once it is on", async () => {
    const admin = await sessionFor("admin", { twoFactor: false });
    expectError(await call("/test/admin", admin.accessToken), 403, "TWO_FACTOR_SETUP_REQUIRED");
    await t.database.db.update(users).set({ totpEnabledAt: clock.now() }).where(eq(users.id, admin.userId));
    sessionsChanged(t.database.db, admin.userId);
    expect((await call("/test/admin", admin.accessToken)).json()).toEqual({ id: admin.userId });
  });

  it("follows a role change at once", async () => {
    const admin = await sessionFor("admin");
    expect((await call("/test/admin", admin.accessToken)).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: "user" }).where(eq(users.id, admin.userId));
    sessionsChanged(t.database.db, admin.userId);
    expectError(await call("/test/admin", admin.accessToken), 403, "INSUFFICIENT_PERMISSIONS");
  });
});

describe("optionalUser", () => {
  it("serves a guest without a cookie and the user with one", async () => {
    expect((await call("/test/maybe")).json()).toEqual({ id: null });
    const session = await sessionFor();
    expect((await call("/test/maybe", session.accessToken)).json()).toEqual({ id: session.userId });
  });

  it("still answers 401 for a bad token, so the client refreshes instead of seeing the guest view", async () => {
    const session = await sessionFor();
    const expired = await sign(
      { sub: session.userId, sid: session.sessionId },
      t.config.jwtSecret,
      Math.floor(clock.now().getTime() / 1000) - 1,
    );
    expectError(await call("/test/maybe", expired), 401, "TOKEN_IS_EXPIRED");
    expectError(await call("/test/maybe", "not-a-jwt"), 401, "TOKEN_IS_INVALID");
  });

  it("serves a banned user as a guest", async () => {
    const session = await sessionFor();
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, session.userId));
    expect((await call("/test/maybe", session.accessToken)).json()).toEqual({ id: null });
  });
});
