import { PRODUCT_IMAGES_FIELD, type Product } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { readAcrossWrite } from "../../test/test-cached-reads.js";
import {
  createTestGame,
  createTestProduct,
  createTestSubcategory,
  editProductAs,
  imagePart,
  sendForm,
  textParts,
} from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { testImages } from "../../test/test-images.js";
import { adjustBalanceAs, buyAs } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * A seller's pages of products are answered from memory (products-seller.cache.ts). Each case reads a page first,
 * so it is cached, then changes what it shows through the API (a product, the seller, a category) and reads again.
 */

let t: TestApp;
let game: Category;
let kind: Category;
let admin: Person;
const { person } = testPeople("seller_pages", () => t);

beforeAll(async () => {
  t = await createTestApp();
  game = await createTestGame(t.database.db);
  kind = await createTestSubcategory(t.database.db, game, "Seller pages kind");
  admin = await person("admin");
});
afterAll(() => t.close());

async function pageOf(client: TestClient, sellerId: string): Promise<Product[]> {
  const response = await client.get(`/v1/products/user/${sellerId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Product[];
}

const editProduct = async (seller: Person, productId: string, fields: Record<string, string | number>) => {
  const response = await editProductAs(t, seller.client, productId, fields);
  expect(response.statusCode, response.body).toBe(200);
};

describe("a seller's page after a change to what it shows", () => {
  it("shows the seller a new listing, its approval, its sale and its stock at once", async () => {
    const seller = await person();
    const visitor = await person();
    expect(await pageOf(seller.client, seller.user.id)).toEqual([]);
    expect(await pageOf(visitor.client, seller.user.id)).toEqual([]);

    const created = await sendForm(t, seller.client, "POST", "/v1/products/", [
      ...textParts({
        title: "Starter account",
        description: "Every starter hero",
        price: 300,
        stock_items: "KEY-1\nKEY-2",
        category_id: kind.id,
      }),
      imagePart(PRODUCT_IMAGES_FIELD, await testImages.png()),
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as Product).id;
    expect(await pageOf(seller.client, seller.user.id)).toMatchObject([{ id, status: "moderation", in_stock: 2 }]);
    // Visitors see no listing in moderation.
    expect(await pageOf(visitor.client, seller.user.id)).toEqual([]);

    expect((await admin.client.post("/v1/admin/products/approve", { product_id: id })).statusCode).toBe(200);
    expect(await pageOf(visitor.client, seller.user.id)).toMatchObject([{ id, status: "active" }]);

    await adjustBalanceAs(admin.client, visitor.user.id, 300);
    expect((await buyAs(t, visitor.client, id)).statusCode).toBe(200);
    expect(await pageOf(seller.client, seller.user.id)).toMatchObject([{ id, status: "active", in_stock: 1 }]);

    const stocked = await seller.client.post(`/v1/products/${id}/stock`, { stock_items: "KEY-3\nKEY-4" });
    expect(stocked.statusCode, stocked.body).toBe(200);
    expect(await pageOf(seller.client, seller.user.id)).toMatchObject([{ id, in_stock: 3 }]);
  });

  it("shows the seller's new picture and the category's new guarantee", async () => {
    const seller = await person();
    await createTestProduct(t, { sellerId: seller.user.id, categoryId: kind.id });
    const [before] = await pageOf(seller.client, seller.user.id);

    const uploaded = await sendForm(t, seller.client, "PATCH", "/v1/users/avatar", [
      imagePart("file", await testImages.png()),
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [after] = await pageOf(seller.client, seller.user.id);
    expect(after!.seller.avatar_url).toBe(uploaded.json().avatar_url);

    const days = (before!.category.guarantee_days ?? 0) + 3;
    const set = await admin.client.request("PATCH", `/v1/admin/category/${kind.id}`, { guarantee_days: days });
    expect(set.statusCode, set.body).toBe(200);
    expect((await pageOf(seller.client, seller.user.id))[0]!.category.guarantee_days).toBe(days);
  });

  it("never keeps a page read while a change to one of its products was still uncommitted", async () => {
    const seller = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: kind.id });
    for (let round = 1; round <= 10; round += 1) {
      const page = await readAcrossWrite(
        () => pageOf(seller.client, seller.user.id),
        () => editProduct(seller, product.id, { price: 100 + round }),
      );
      expect(page[0]!.price).toBe(100 + round);
    }
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("a product edited through instance A shows in instance B's cached page", () =>
    withTwoInstances(async (a, b) => {
      const seller = await createTestUser(a.database.db, { username: "seller_pages_two" });
      const sellerOnA = await signInAs(a.app, seller);
      const sellerOnB = await signInAs(b, seller);
      const gameOnA = await createTestGame(a.database.db);
      const product = await createTestProduct(a, { sellerId: seller.id, categoryId: gameOnA.id, priceKopecks: 100_00 });
      expect((await pageOf(sellerOnB, seller.id))[0]!.price).toBe(100);
      const edited = await editProductAs(a, sellerOnA, product.id, { price: 75 });
      expect(edited.statusCode, edited.body).toBe(200);
      // The message crosses Redis asynchronously: B reads anew once it has arrived.
      await expect
        .poll(async () => (await pageOf(sellerOnB, seller.id))[0]!.price, { timeout: 5000, interval: 50 })
        .toBe(75);
    }));
});
