import { randomUUID } from "node:crypto";
import { DELETED_ACCOUNT_MESSAGE_TEXT } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, type Category } from "../../db/schema/catalog.js";
import { messages } from "../../db/schema/chats.js";
import { deals } from "../../db/schema/deals.js";
import { recoveryCodes, sessions, users, type User } from "../../db/schema/users.js";
import { topUps } from "../../db/schema/wallet.js";
import { assertLedgerBalanced, createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { TestClient } from "../../test/test-client.js";
import { createTestDeal } from "../../test/test-deals.js";
import { buyAs, failure } from "../../test/test-money.js";
import { createTestUser, signInAs, TEST_PASSWORD } from "../../test/test-users.js";
import { creditTestTopUp, requestTestWithdrawal } from "../../test/test-wallet-postings.js";

/* Issue 22: deleting one's account: refused while deals are open or money is on it; done, nothing of the person. */

let t: TestApp;
let subcategory: Category;
let guaranteed: Category;
beforeAll(async () => {
  t = await createTestApp();
  const game = await createTestGame(t.database.db);
  subcategory = await createTestSubcategory(t.database.db, game);
  guaranteed = await createTestSubcategory(t.database.db, game);
  await t.database.db.update(categories).set({ guaranteeDays: 14 }).where(eq(categories.id, guaranteed.id));
});
afterAll(() => t.close());

const person = (description?: string) =>
  createTestUser(t.database.db, {
    username: `del_${randomUUID().slice(0, 8)}`,
    avatarUrl: "/media/avatars/someone.webp",
    ...(description === undefined ? {} : { description }),
  });
const deleteAs = (client: TestClient, password = TEST_PASSWORD) => client.post("/v1/auth/delete-account", { password });
const rowOf = async (id: string): Promise<User> =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("POST /auth/delete-account refuses", () => {
  it("a wrong password, changing nothing", async () => {
    const user = await person();
    const client = await signInAs(t.app, user);
    expect(failure(await deleteAs(client, "Wrong#pass1"))).toEqual([400, "WRONG_PASSWORD"]);
    expect((await rowOf(user.id)).deletedAt).toBeNull();
  });

  it("while a deal of the user is open or disputed", async () => {
    for (const [status, side] of [
      ["purchased", "buyerId"],
      ["disputed", "sellerId"],
    ] as const) {
      const [user, counterpart] = [await person(), await person()];
      const roles =
        side === "buyerId"
          ? { buyerId: user.id, sellerId: counterpart.id }
          : { sellerId: user.id, buyerId: counterpart.id };
      await createTestDeal(t, { ...roles, status, categoryId: subcategory.id });
      const client = await signInAs(t.app, user);
      expect([status, ...failure(await deleteAs(client))]).toEqual([status, 409, "ACCOUNT_HAS_OPEN_DEALS"]);
      expect((await rowOf(user.id)).deletedAt).toBeNull();
    }
  });

  it("while a completed deal's guarantee still holds the seller's earnings", async () => {
    const [seller, buyer] = [await person(), await person()];
    const listing = await createTestProduct(t, { sellerId: seller.id, categoryId: guaranteed.id });
    await creditTestTopUp(t.database.db, buyer.id, 100_00);
    const buyerClient = await signInAs(t.app, buyer);
    expect((await buyAs(t, buyerClient, listing.id)).statusCode).toBe(200);
    const confirmed = await buyerClient.request("PATCH", "/v1/products/confirm-receipt", { product_id: listing.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expect(failure(await deleteAs(await signInAs(t.app, seller)))).toEqual([409, "ACCOUNT_HAS_OPEN_DEALS"]);
    expect((await rowOf(seller.id)).deletedAt).toBeNull();
  });

  it("while money is available, held for a withdrawal, or on its way in", async () => {
    const rich = await person();
    await creditTestTopUp(t.database.db, rich.id, 50_00);
    const withdrawing = await person();
    await creditTestTopUp(t.database.db, withdrawing.id, 50_00);
    await requestTestWithdrawal(t.database.db, withdrawing.id, { amountKopecks: 50_00 });
    // A payment started and not settled yet: its money would land on a deleted account.
    const paying = await person();
    await t.database.db.insert(topUps).values({ userId: paying.id, amountKopecks: 50_00, provider: "test" });
    for (const user of [rich, withdrawing, paying]) {
      const client = await signInAs(t.app, user);
      expect(failure(await deleteAs(client))).toEqual([409, "ACCOUNT_HAS_MONEY"]);
      expect((await rowOf(user.id)).deletedAt).toBeNull();
    }
  });
});

describe("POST /auth/delete-account done", () => {
  it("anonymises the user, ends every session, takes the listings off and blanks the messages; the ledger holds", async () => {
    const buyer = await person("I buy things");
    const seller = await person();
    const listing = await createTestProduct(t, { sellerId: seller.id, categoryId: subcategory.id });
    const own = await createTestProduct(t, { sellerId: buyer.id, categoryId: subcategory.id });
    await creditTestTopUp(t.database.db, buyer.id, 100_00);
    await t.database.db.insert(recoveryCodes).values({ userId: buyer.id, codeHash: "a recovery code's hash" });
    const client = await signInAs(t.app, buyer);
    const phone = await signInAs(t.app, buyer);
    const created = await client.post("/v1/tokens", { name: "My bot", scopes: ["wallet:read"], expires_in_days: 30 });
    const bot = new TestClient(t.app, { bearer: (created.json() as { token: string }).token });
    expect((await bot.get("/v1/auth/get-my-user-id")).statusCode).toBe(200);
    const bought = await buyAs(t, client, listing.id);
    expect(bought.statusCode, bought.body).toBe(200);
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.productId, listing.id));
    await t.database.db.insert(messages).values([
      { chatId: deal!.chatId, senderId: buyer.id, text: "my phone is +7 900 000-00-00" },
      { chatId: deal!.chatId, senderId: seller.id, text: "thanks for buying" },
    ]);
    expect(failure(await deleteAs(client))).toEqual([409, "ACCOUNT_HAS_OPEN_DEALS"]);
    const confirmed = await client.request("PATCH", "/v1/products/confirm-receipt", { product_id: listing.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const response = await deleteAs(client);
    expect(response.statusCode, response.body).toBe(200);
    expect(client.cookie("access_token")).toBeUndefined();

    const row = await rowOf(buyer.id);
    expect(row).toMatchObject({
      email: `deleted-${buyer.id}@deleted.invalid`,
      avatarUrl: "",
      description: null,
      totpSecret: null,
      totpEnabledAt: null,
    });
    expect(row.username).toMatch(/^deleted_[0-9a-f]{8}$/);
    expect(row.deletedAt).not.toBeNull();
    expect(row.passwordHash).not.toBe(buyer.passwordHash);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, buyer.id));
    expect(live.filter((session) => session.revokedAt === null)).toEqual([]);
    expect(failure(await phone.get("/v1/auth/get-my-user-id"))).toEqual([401, "TOKEN_IS_REVOKED"]);
    // Issue 25: the account's personal access tokens went with it.
    expect(failure(await bot.get("/v1/auth/get-my-user-id"))).toEqual([401, "TOKEN_IS_INVALID"]);
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, buyer.id))).toEqual([]);

    // Cannot sign in, with the old address or the placeholder: the answer of a wrong password.
    for (const email of [buyer.email, row.email]) {
      const signIn = await new TestClient(t.app).post("/v1/auth/login", { email, password: TEST_PASSWORD });
      expect(failure(signIn)).toEqual([401, "INCORRECT_EMAIL_OR_PASSWORD"]);
    }
    for (const username of [buyer.username, row.username])
      expect(failure(await new TestClient(t.app).get(`/v1/users/${username}`))).toEqual([404, "USER_NOT_FOUND"]);
    expect(failure(await new TestClient(t.app).get(`/v1/products/${own.id}`))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    const catalogue = await new TestClient(t.app).get(`/v1/products/user/${buyer.id}`);
    expect(JSON.stringify(catalogue.json())).not.toContain(own.id);

    const texts = await t.database.db
      .select({ senderId: messages.senderId, text: messages.text, attachments: messages.attachments })
      .from(messages)
      .where(eq(messages.chatId, deal!.chatId));
    expect(texts.filter((message) => message.senderId === buyer.id)).toEqual([
      { senderId: buyer.id, text: DELETED_ACCOUNT_MESSAGE_TEXT, attachments: [] },
    ]);
    expect(texts.find((message) => message.senderId === seller.id)!.text).toBe("thanks for buying");

    // The deal and its money stay on the books; the seller, paid, may not delete before withdrawing.
    await assertLedgerBalanced(t.database);
    expect(failure(await deleteAs(await signInAs(t.app, seller)))).toEqual([409, "ACCOUNT_HAS_MONEY"]);
  });
});

describe("deleting while someone buys the user's listing", () => {
  it("either the purchase or the deletion wins, never both; the ledger holds", async () => {
    for (let round = 0; round < 4; round++) {
      const [seller, buyer] = [await person(), await person()];
      const listing = await createTestProduct(t, { sellerId: seller.id, categoryId: subcategory.id });
      await creditTestTopUp(t.database.db, buyer.id, 100_00);
      const [sellerClient, buyerClient] = [await signInAs(t.app, seller), await signInAs(t.app, buyer)];

      const [deleted, bought] = await Promise.all([deleteAs(sellerClient), buyAs(t, buyerClient, listing.id)]);
      const outcome = [deleted.statusCode, bought.statusCode];
      if (bought.statusCode === 200) {
        expect(failure(deleted)).toEqual([409, "ACCOUNT_HAS_OPEN_DEALS"]);
        expect((await rowOf(seller.id)).deletedAt).toBeNull();
      } else {
        // The deletion committed first: the listing is gone, for a buyer as any deleted listing is (deals.test.ts).
        expect(outcome).toEqual([200, 404]);
        expect(failure(bought)).toEqual([404, "PRODUCT_NOT_FOUND"]);
        expect((await rowOf(seller.id)).deletedAt).not.toBeNull();
        expect((await rowOf(buyer.id)).balanceKopecks).toBe(100_00);
      }
    }
    await assertLedgerBalanced(t.database);
  });
});
