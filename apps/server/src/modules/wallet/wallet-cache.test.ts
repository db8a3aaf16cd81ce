import type { Wallet } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { readAcrossWrite } from "../../test/test-cached-reads.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { adjustBalanceAs, buyAs } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * The wallet's balances are answered from memory (ledger-money.cache.ts). Each case reads the wallet first, so
 * its balances are cached, then moves money through the API and reads again.
 */

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("wallet_cache", () => t);

beforeAll(async () => {
  t = await createTestApp();
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

async function walletOf(client: TestClient): Promise<Wallet> {
  const response = await client.get("/v1/wallet");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Wallet;
}

describe("the wallet after money moved", () => {
  it("shows an admin's top-up, a purchase and the seller's pay at once", async () => {
    const seller = await person();
    const buyer = await person();
    expect((await walletOf(buyer.client)).available).toBe(0);
    expect((await walletOf(seller.client)).available).toBe(0);

    await adjustBalanceAs(admin.client, buyer.user.id, 500);
    expect((await walletOf(buyer.client)).available).toBe(500);
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 200_00 });
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    expect((await walletOf(buyer.client)).available).toBe(300);

    const confirmed = await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: product.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paid = await walletOf(seller.client);
    expect(paid.available + paid.guarantee_held).toBeGreaterThan(0);
  });

  it("never keeps balances read while a posting was still uncommitted", async () => {
    const { user, client } = await person();
    for (let round = 1; round <= 10; round += 1) {
      const wallet = await readAcrossWrite(
        () => walletOf(client),
        () => adjustBalanceAs(admin.client, user.id, 10),
      );
      expect(wallet.available).toBe(10 * round);
    }
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("money moved through instance A shows in instance B's cached wallet", () =>
    withTwoInstances(async (a, b) => {
      const member = await createTestUser(a.database.db, { username: "wallet_cache_two_inst" });
      const onB = await signInAs(b, member);
      const adminOnA = await signInAs(
        a.app,
        await createTestUser(a.database.db, { username: "wallet_cache_admin2", role: "admin" }),
      );
      expect((await walletOf(onB)).available).toBe(0);
      await adjustBalanceAs(adminOnA, member.id, 40);
      // The message crosses Redis asynchronously: B reads anew once it has arrived.
      await expect.poll(async () => (await walletOf(onB)).available, { timeout: 5000, interval: 50 }).toBe(40);
    }));
});
