import type { User } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { assertLedgerBalanced, createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { readAcrossWrite } from "../../test/test-cached-reads.js";
import { adjustBalanceAs, balanceOf, buyAs } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * "Who am I" is answered from memory (users-own.cache.ts). Each case asks first, so the answer is cached, then
 * changes the user's row through the API, by the user or by someone else, and asks again.
 */

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("own_cache", () => t);

beforeAll(async () => {
  t = await createTestApp();
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

async function whoAmI(client: TestClient): Promise<User> {
  const response = await client.post("/v1/auth/");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as User;
}

describe("who am I after a change to the user's row", () => {
  it("shows the user's own edits and an admin's at once", async () => {
    const { user, client } = await person();
    expect(await whoAmI(client)).toMatchObject({ description: null, has_frozen_balance: false, balance: 0 });

    expect((await client.post("/v1/users/description", { description: "Fast delivery" })).statusCode).toBe(200);
    expect((await whoAmI(client)).description).toBe("Fast delivery");

    const frozen = await admin.client.request("PATCH", `/v1/admin/user/${user.id}`, { has_frozen_balance: true });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect((await whoAmI(client)).has_frozen_balance).toBe(true);

    await adjustBalanceAs(admin.client, user.id, 250);
    expect((await whoAmI(client)).balance).toBe(250);
  });

  it("shows the balance a purchase took, and the seller's pay when the buyer confirms", async () => {
    const seller = await person();
    const buyer = await person();
    await adjustBalanceAs(admin.client, buyer.user.id, 500);
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 200_00 });
    expect(await balanceOf(seller.client)).toBe(0);
    expect(await balanceOf(buyer.client)).toBe(500);

    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    expect(await balanceOf(buyer.client)).toBe(300);
    const confirmed = await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: product.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The seller's row changed by the buyer's request, not by one of theirs.
    expect(await balanceOf(seller.client)).toBeGreaterThan(0);
    await assertLedgerBalanced(t.database);
  });

  it("never keeps a balance read while a posting was still uncommitted", async () => {
    const { user, client } = await person();
    for (let round = 1; round <= 10; round += 1)
      expect(
        await readAcrossWrite(
          () => balanceOf(client),
          () => adjustBalanceAs(admin.client, user.id, 10),
        ),
      ).toBe(10 * round);
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("a balance changed through instance A shows in instance B's cached answer", () =>
    withTwoInstances(async (a, b) => {
      const member = await createTestUser(a.database.db, { username: "own_cache_two_inst" });
      const onA = await signInAs(a.app, member);
      const onB = await signInAs(b, member);
      const adminOnA = await signInAs(
        a.app,
        await createTestUser(a.database.db, { username: "own_cache_admin2", role: "admin" }),
      );
      expect(await balanceOf(onB)).toBe(0);

      await adjustBalanceAs(adminOnA, member.id, 70);
      expect(await balanceOf(onA)).toBe(70);
      // The message crosses Redis asynchronously: B answers anew once it has arrived.
      await expect.poll(() => balanceOf(onB), { timeout: 5000, interval: 50 }).toBe(70);
    }));
});
