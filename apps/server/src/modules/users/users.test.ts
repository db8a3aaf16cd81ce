import { DESCRIPTION_MAX, errorText, ownProfileSchema, userSchema, visitorProfileSchema } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, type User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { TestClient } from "../../test/test-client.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

const fullKeys = Object.keys(userSchema.shape).sort();
const ownProfileKeys = Object.keys(ownProfileSchema.shape).sort();
const publicKeys = Object.keys(visitorProfileSchema.shape).sort();

let t: TestApp;
let alice: User;
let bob: User;
let admin: User;
let guest: TestClient;
let asAlice: TestClient;
let asBob: TestClient;
let asAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  alice = await createTestUser(db, {
    username: "Alice_W",
    balanceKopecks: 123_456,
    hasFrozenBalance: true,
    rating: 4,
    description: "Sells rare skins",
    createdAt: new Date("2024-03-01T10:20:30.000Z"),
  });
  bob = await createTestUser(db, { username: "bob", balanceKopecks: 5 });
  admin = await createTestUser(db, { username: "admin_x", role: "admin" });
  guest = new TestClient(t.app);
  [asAlice, asBob, asAdmin] = await Promise.all([signInAs(t.app, alice), signInAs(t.app, bob), signInAs(t.app, admin)]);
});
afterAll(() => t.close());

const descriptionOf = async (user: User) =>
  (await t.database.db.select({ description: users.description }).from(users).where(eq(users.id, user.id)))[0]!
    .description;

describe("GET /v1/users/{username}", () => {
  // Alice has sold nothing yet and never connected; her rating was set directly (users-stats.test.ts counts deals).
  const aliceStats = {
    completed_deals: 0,
    reviews_count: 0,
    rating: 4,
    is_online: false,
    last_seen: null,
    member_since: "2024-03-01T10:20:30.000Z",
  };

  it("shows a guest the public profile and nothing else", async () => {
    const response = await guest.get("/v1/users/Alice_W");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: "Alice_W",
      avatar_url: "",
      description: "Sells rare skins",
      is_active: true,
      is_banned: false,
      rating: 4,
      created_at: "2024-03-01T10:20:30.000Z",
      seller_stats: aliceStats,
    });
  });

  it("shows another signed-in user the public profile: no e-mail, balance or frozen flag", async () => {
    const body = (await asBob.get("/v1/users/Alice_W")).json();
    expect(Object.keys(body).sort()).toEqual(publicKeys);
    expect(body.username).toBe("Alice_W");
    for (const hidden of ["email", "balance", "has_frozen_balance", "id", "role"])
      expect(body).not.toHaveProperty(hidden);
  });

  it("shows the user themself the full user, balance in roubles", async () => {
    const response = await asAlice.get("/v1/users/Alice_W");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: alice.id,
      email: "alice_w@example.com",
      username: "Alice_W",
      balance: 1234.56,
      avatar_url: "",
      description: "Sells rare skins",
      created_at: "2024-03-01T10:20:30.000Z",
      has_frozen_balance: true,
      is_banned: false,
      is_active: true,
      rating: 4,
      role: "user",
      two_factor_enabled: false,
      seller_stats: aliceStats,
    });
    expect((await asBob.get("/v1/users/bob")).json().balance).toBe(0.05);
  });

  it("shows an admin the full user of anyone", async () => {
    const body = (await asAdmin.get("/v1/users/alice_w")).json();
    expect(Object.keys(body).sort()).toEqual(ownProfileKeys);
    expect(body.email).toBe("alice_w@example.com");
  });

  it("finds a user whatever the letter case of the name", async () => {
    expect((await guest.get("/v1/users/ALICE_w")).json().username).toBe("Alice_W");
    expect(Object.keys((await asAlice.get("/v1/users/alice_w")).json()).sort()).toEqual(ownProfileKeys);
  });

  it("never sends the password hash", async () => {
    for (const client of [guest, asAlice, asAdmin]) {
      const response = await client.get("/v1/users/Alice_W");
      expect(response.body).not.toMatch(/argon2|password/i);
    }
  });

  it("answers 404 USER_NOT_FOUND for a name nobody has", async () => {
    for (const name of ["nobody", "Alice_W2", "%25", "a.b"]) {
      const response = await guest.get(`/v1/users/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual({
        detail: { error_code: "USER_NOT_FOUND", error_message: errorText("USER_NOT_FOUND", "en") },
      });
    }
  });

  it("answers 401 to an expired or forged session instead of the guest view, so the client refreshes", async () => {
    const forged = new TestClient(t.app);
    forged.setCookie("access_token", "not-a-token");
    const response = await forged.get("/v1/users/Alice_W");
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /v1/users/description", () => {
  it("changes the signed-in user's description, trimmed, and answers the full user", async () => {
    const response = await asBob.post("/v1/users/description", { description: "  Fast delivery, 24/7\n" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(fullKeys);
    expect(body).toMatchObject({ id: bob.id, username: "bob", description: "Fast delivery, 24/7" });
    expect((await guest.get("/v1/users/bob")).json().description).toBe("Fast delivery, 24/7");
  });

  it("accepts exactly the limit and refuses one character more with a field error", async () => {
    const longest = "ж".repeat(DESCRIPTION_MAX);
    expect((await asBob.post("/v1/users/description", { description: longest })).json().description).toBe(longest);

    const response = await asBob.post("/v1/users/description", { description: `${longest}!` });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatchObject({
      error_code: "VALIDATION_ERROR",
      errors: [{ field: "description", message: `At most ${DESCRIPTION_MAX} characters` }],
    });
    expect(await descriptionOf(bob)).toBe(longest);
  });

  it("clears the description when it is empty or blank", async () => {
    for (const blank of ["", "   \n"]) {
      await asBob.post("/v1/users/description", { description: "something" });
      const response = await asBob.post("/v1/users/description", { description: blank });
      expect(response.json().description, JSON.stringify(blank)).toBeNull();
      expect(await descriptionOf(bob)).toBeNull();
    }
  });

  it("refuses a body without a text description", async () => {
    for (const payload of [{}, { description: 42 }]) {
      const response = await asBob.post("/v1/users/description", payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.errors).toEqual([{ field: "description", message: expect.any(String) }]);
    }
  });

  it("answers 401 to a guest, whatever the body, and changes nothing", async () => {
    for (const payload of [{ description: "hacked" }, { description: "x".repeat(DESCRIPTION_MAX + 1) }]) {
      const response = await guest.post("/v1/users/description", payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail.error_code).toBe("TOKEN_NOT_FOUND");
    }
    expect(await descriptionOf(alice)).toBe("Sells rare skins");
  });

  it("changes only the caller's own description", async () => {
    await asAdmin.post("/v1/users/description", { description: "Admin here", username: "Alice_W", id: alice.id });
    expect(await descriptionOf(alice)).toBe("Sells rare skins");
    expect((await asAdmin.get("/v1/users/admin_x")).json().description).toBe("Admin here");
  });
});

describe("the API documentation", () => {
  it("describes each Users call with its answers, errors and the avatar's multipart form", async () => {
    const { paths } = (await guest.get("/v1/docs/json")).json();
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const json = (
      operation: { responses: Record<string, { content: { "application/json": { schema: unknown } } }> },
      status: number,
    ) => operation.responses[status]?.content["application/json"].schema;

    const profile = paths["/v1/users/{username}"].get;
    expect(json(profile, 200)).toEqual({ anyOf: [ref("OwnProfile"), ref("VisitorProfile")] });
    expect(json(profile, 404)).toEqual(ref("ErrorResponse"));
    const description = paths["/v1/users/description"].post;
    expect(json(description, 200)).toEqual(ref("User"));
    expect(json(description, 422)).toEqual(ref("ErrorResponse"));
    const avatar = paths["/v1/users/avatar"].patch;
    expect(Object.keys(avatar.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(json(avatar, 200)).toEqual(ref("UpdateAvatarResponse"));
    for (const status of [400, 401, 413, 422])
      expect(json(avatar, status), String(status)).toEqual(ref("ErrorResponse"));
  });
});
