import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { TestClient } from "../../test/test-client.js";
import { createTestUser, signInAs, TEST_PASSWORD } from "../../test/test-users.js";

/*
 * The authenticator keeps who is behind each access token in memory (authentication.cache.ts). Every way a
 * sign-in ends or changes must still take effect on the next request: each case below first makes a request
 * with the token, so it is cached, then changes the state through the API and asks again.
 */

let t: TestApp;
let asAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await signInAs(t.app, await createTestUser(t.database.db, { username: "cache_auth_admin", role: "admin" }));
});
afterAll(() => t.close());

const whoAmI = (client: TestClient) => client.post("/v1/auth/");
const failure = (response: LightMyRequestResponse) =>
  [response.statusCode, response.json().detail.error_code] as [number, string];

let users = 0;
async function signedInUser(role: "user" | "admin" = "user") {
  const user = await createTestUser(t.database.db, { username: `cached_auth_${(users += 1)}`, role });
  const client = await signInAs(t.app, user);
  expect((await whoAmI(client)).statusCode).toBe(200);
  return { user, client };
}

describe("a cached sign-in still ends at once", () => {
  it("when its refresh token is rotated: the old access token is revoked", async () => {
    const { client } = await signedInUser();
    const before = client.copy();
    expect((await client.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    expect(failure(await whoAmI(before))).toEqual([401, "TOKEN_IS_REVOKED"]);
    expect((await whoAmI(client)).statusCode).toBe(200);
  });

  it("on sign-out, and on every device with sign-out everywhere", async () => {
    const { client } = await signedInUser();
    const kept = client.copy();
    expect((await client.post("/v1/auth/logout")).statusCode).toBe(200);
    expect(failure(await whoAmI(kept))).toEqual([401, "TOKEN_IS_REVOKED"]);

    const { user, client: phone } = await signedInUser();
    const laptop = await signInAs(t.app, user);
    expect((await whoAmI(laptop)).statusCode).toBe(200);
    expect((await phone.post("/v1/auth/logout-all")).statusCode).toBe(200);
    expect(failure(await whoAmI(laptop))).toEqual([401, "TOKEN_IS_REVOKED"]);
  });

  it("on another device when the password changes", async () => {
    const { user, client } = await signedInUser();
    const other = await signInAs(t.app, user);
    expect((await whoAmI(other)).statusCode).toBe(200);
    const changed = await client.post("/v1/users/password", {
      current_password: TEST_PASSWORD,
      new_password: "Another#pass2",
    });
    expect(changed.statusCode).toBe(200);
    expect(failure(await whoAmI(other))).toEqual([401, "TOKEN_IS_REVOKED"]);
    expect((await whoAmI(client)).statusCode).toBe(200);
  });

  it("when an admin bans the user", async () => {
    const { user, client } = await signedInUser();
    expect((await asAdmin.post("/v1/admin/ban-user", { id: user.id })).statusCode).toBe(200);
    expect((await whoAmI(client)).statusCode).not.toBe(200);
  });

  it("when an admin takes another admin's role away", async () => {
    const { user, client } = await signedInUser("admin");
    expect((await client.get("/v1/admin/users")).statusCode).toBe(200);
    expect((await asAdmin.request("PATCH", `/v1/admin/user/${user.id}`, { role: "user" })).statusCode).toBe(200);
    expect(failure(await client.get("/v1/admin/users"))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("a sign-out through instance A ends the token in instance B's cache", () =>
    withTwoInstances(async (a, b) => {
      const user = await createTestUser(a.database.db, { username: "two_inst_session" });
      const onA = await signInAs(a.app, user);
      const onB = new TestClient(b);
      onB.setCookie("access_token", onA.cookie("access_token")!);
      expect((await whoAmI(onB)).statusCode).toBe(200);

      expect((await onA.post("/v1/auth/logout")).statusCode).toBe(200);
      // The message crosses Redis asynchronously: B refuses the token once it has arrived.
      await expect.poll(async () => (await whoAmI(onB)).statusCode, { timeout: 5000, interval: 50 }).toBe(401);
    }));
});
