import type { ChatListItem } from "@lootlane/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { readAcrossWrite } from "../../test/test-cached-reads.js";
import { createTestGame, createTestProduct, editProductAs, imagePart, sendForm } from "../../test/test-catalog.js";
import { listenOnFreePort, sendMessage } from "../../test/test-chats.js";
import type { TestClient } from "../../test/test-client.js";
import { testImages } from "../../test/test-images.js";
import { adjustBalanceAs, buyAs } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * Each member's chat list is answered from memory (chats-list.cache.ts). Each case reads the list first, so it is
 * cached, then changes what it shows through the API (a message, a read, the other member, the product, a new
 * chat) and reads again.
 */

let t: TestApp;
let game: Category;
let admin: Person;
const { person, connect, closeSockets } = testPeople("chat_list_cache", () => t);

beforeAll(async () => {
  t = await createTestApp();
  await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterEach(closeSockets);
afterAll(() => t.close());

async function listOf(client: TestClient): Promise<ChatListItem[]> {
  const response = await client.get("/v1/chats/");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChatListItem[];
}

async function chatBetween() {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 100_00 });
  const opened = await buyer.client.post("/v1/chats/", { product_id: product.id });
  expect(opened.statusCode, opened.body).toBe(200);
  return { seller, buyer, product, chat: opened.json() as ChatListItem };
}

const editProduct = async (seller: Person, productId: string, fields: Record<string, string | number>) => {
  const response = await editProductAs(t, seller.client, productId, fields);
  expect(response.statusCode, response.body).toBe(200);
};

describe("a chat list after a change to what it shows", () => {
  it("shows a new message, its unread count and the read at once", async () => {
    const { seller, buyer, chat } = await chatBetween();
    expect((await listOf(seller.client))[0]).toMatchObject({ id: chat.id, unread_count: 0, last_message: null });

    const socket = await connect(buyer);
    expect(await sendMessage(socket, chat.id, "is it still there?")).toMatchObject({ ok: true });
    expect((await listOf(seller.client))[0]).toMatchObject({
      unread_count: 1,
      last_message: { text: "is it still there?" },
    });

    expect((await seller.client.get(`/v1/chats/${chat.id}/messages`)).statusCode).toBe(200);
    expect((await listOf(seller.client))[0]).toMatchObject({ unread_count: 0 });
  });

  it("gains a chat another buyer opened", async () => {
    const { seller, product, chat } = await chatBetween();
    expect((await listOf(seller.client)).map((item) => item.id)).toEqual([chat.id]);
    const second = await person();
    const opened = await second.client.post("/v1/chats/", { product_id: product.id });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await listOf(seller.client)).map((item) => item.id)).toEqual([(opened.json() as ChatListItem).id, chat.id]);
  });

  it("shows the other member's new picture", async () => {
    const { seller, buyer } = await chatBetween();
    // No picture reads as an empty string.
    expect((await listOf(seller.client))[0]!.another_user.avatar_url).toBe("");
    const uploaded = await sendForm(t, buyer.client, "PATCH", "/v1/users/avatar", [
      imagePart("file", await testImages.png()),
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await listOf(seller.client))[0]!.another_user.avatar_url).toBe(uploaded.json().avatar_url);
  });

  it("shows the product's new price, its pause, and its sale to someone else", async () => {
    const { seller, buyer, product } = await chatBetween();
    expect((await listOf(buyer.client))[0]!.product).toMatchObject({ price: 100, status: "active" });

    await editProduct(seller, product.id, { price: 90 });
    expect((await listOf(buyer.client))[0]!.product).toMatchObject({ price: 90, status: "active" });

    const paused = await seller.client.post(`/v1/products/${product.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await listOf(buyer.client))[0]!.product.status).toBe("paused");
    const resumed = await seller.client.post(`/v1/products/${product.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);

    const rival = await person();
    await adjustBalanceAs(admin.client, rival.user.id, 90);
    expect((await buyAs(t, rival.client, product.id)).statusCode).toBe(200);
    expect((await listOf(buyer.client))[0]!.product.status).toBe("purchased");
  });

  it("never keeps a list read while a change to its product was still uncommitted", async () => {
    const { seller, buyer, product } = await chatBetween();
    for (let round = 1; round <= 10; round += 1) {
      const list = await readAcrossWrite(
        () => listOf(buyer.client),
        () => editProduct(seller, product.id, { price: 100 + round }),
      );
      expect(list[0]!.product.price).toBe(100 + round);
    }
  });

  it("never keeps a list read while a message was still uncommitted", async () => {
    const { seller, buyer, chat } = await chatBetween();
    const socket = await connect(buyer);
    for (let round = 1; round <= 10; round += 1) {
      const list = await readAcrossWrite(
        () => listOf(seller.client),
        () => sendMessage(socket, chat.id, `message ${round}`),
      );
      expect(list[0]).toMatchObject({ unread_count: round, last_message: { text: `message ${round}` } });
    }
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("a product edited through instance A shows in instance B's cached chat list", () =>
    withTwoInstances(async (a, b) => {
      const seller = await createTestUser(a.database.db, { username: "chat_list_two_seller" });
      const buyer = await createTestUser(a.database.db, { username: "chat_list_two_buyer" });
      const sellerOnA = await signInAs(a.app, seller);
      const buyerOnB = await signInAs(b, buyer);
      const gameOnA = await createTestGame(a.database.db);
      const product = await createTestProduct(a, { sellerId: seller.id, categoryId: gameOnA.id, priceKopecks: 100_00 });
      expect((await buyerOnB.post("/v1/chats/", { product_id: product.id })).statusCode).toBe(200);
      expect((await listOf(buyerOnB))[0]!.product.price).toBe(100);
      const edited = await editProductAs(a, sellerOnA, product.id, { price: 75 });
      expect(edited.statusCode, edited.body).toBe(200);
      // The message crosses Redis asynchronously: B reads anew once it has arrived.
      await expect
        .poll(async () => (await listOf(buyerOnB))[0]!.product.price, { timeout: 5000, interval: 50 })
        .toBe(75);
    }));
});
