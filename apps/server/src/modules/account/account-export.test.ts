import { randomUUID } from "node:crypto";
import { ACCOUNT_EXPORT_FILE_NAME, accountExportSchema } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema/chats.js";
import { reviews } from "../../db/schema/deals.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { TestClient } from "../../test/test-client.js";
import { createTestDeal } from "../../test/test-deals.js";
import { failure } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { creditTestTopUp } from "../../test/test-wallet-postings.js";

/* Issue 22: export of one's own data as a JSON download, and nothing of anyone else's account. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = (prefix: string) => createTestUser(t.database.db, { username: `${prefix}_${randomUUID().slice(0, 8)}` });

describe("GET /users/me/export", () => {
  it("is a JSON download of the user's profile, sign-ins, listings with their goods, deals, chats, reviews and money", async () => {
    const { db } = t.database;
    const subcategory = await createTestSubcategory(db, await createTestGame(db));
    const [me, seller, stranger] = [await person("exp_me"), await person("exp_seller"), await person("exp_other")];
    const mine = await createTestProduct(t, {
      sellerId: me.id,
      categoryId: subcategory.id,
      title: "My own listing",
      productData: "login: mine / password: secret-goods",
    });
    const notMine = await createTestProduct(t, {
      sellerId: stranger.id,
      categoryId: subcategory.id,
      productData: "login: theirs / password: stranger-goods",
    });
    const { deal, chat } = await createTestDeal(t, { sellerId: seller.id, buyerId: me.id, title: "Bought thing" });
    const other = await createTestDeal(t, { sellerId: seller.id, buyerId: stranger.id, title: "Stranger's thing" });
    await db.insert(messages).values([
      { chatId: chat.id, senderId: me.id, text: "Hello, is it still there?" },
      { chatId: chat.id, senderId: seller.id, text: "Yes, delivered" },
      { chatId: other.chat.id, senderId: stranger.id, text: "A stranger's private words" },
    ]);
    await db.insert(reviews).values({ dealId: deal.id, authorId: me.id, sellerId: seller.id, stars: 5, text: "Great" });
    await creditTestTopUp(db, me.id, 25_00);
    const client = await signInAs(t.app, me);

    const response = await client.get("/v1/users/me/export");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`);
    const data = accountExportSchema.parse(response.json());

    expect(data.profile).toMatchObject({ id: me.id, email: me.email, username: me.username, balance: 25 });
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(data.products.map((product) => [product.id, product.product_data])).toEqual([
      [mine.id, "login: mine / password: secret-goods"],
    ]);
    expect(data.deals).toEqual([
      expect.objectContaining({ id: deal.id, role: "buyer", product_title: "Bought thing", price: 100 }),
    ]);
    expect(data.messages.map((message) => [message.from, message.text])).toEqual([
      ["me", "Hello, is it still there?"],
      ["other", "Yes, delivered"],
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ role: "author", stars: 5, text: "Great" })]);
    expect(data.statement).toEqual([expect.objectContaining({ kind: "top_up", amount: 25 })]);
    expect(data.notification_preferences.length).toBeGreaterThan(0);

    // Nothing of the other people: not their e-mail, their goods, their deals or their chats.
    for (const secret of [seller.email, stranger.email, notMine.id, "stranger-goods", "private words", other.deal.id])
      expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain(me.passwordHash);
  });

  it("needs a signed-in user", async () => {
    expect(failure(await new TestClient(t.app).get("/v1/users/me/export"))).toEqual([401, "TOKEN_NOT_FOUND"]);
  });
});
