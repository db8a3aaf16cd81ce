import type { Category, GamePage, ProductPage } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category as CategoryRow, Product } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { adjustBalanceAs, buyAs, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * Issue 23: a hidden category, and everything under a hidden game, is gone from every public read and cannot be
 * bought from; its seller and admins still see its products, and admins see it, marked hidden.
 */

let t: TestApp;
let admin: Person;
let seller: Person;
let buyer: Person;
let game: CategoryRow;
let kind: CategoryRow;
let product: Product;
const { person } = testPeople("cathide", () => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await person("admin");
  seller = await person();
  buyer = await person();
  await adjustBalanceAs(admin.client, buyer.user.id, 1000);
  game = await createTestGame(t.database.db, "Lantern Hidden Game");
  kind = await createTestSubcategory(t.database.db, game, "Lanterns");
  product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: kind.id,
    title: "Hidden lantern",
    priceKopecks: 10_000,
  });
});
afterAll(() => t.close());

const hide = (category: CategoryRow, hidden: boolean) =>
  admin.client.request("PATCH", `/v1/admin/category/${category.id}`, { hidden });
const guest = (url: string) => t.app.inject({ method: "GET", url });
const publicIds = async () => ((await guest("/v1/categories/all")).json() as Category[]).map((c) => c.id);
const listed = async (url: string) => ((await guest(url)).json() as ProductPage).products.map((p) => p.id);
const HOME = "/v1/products/get/all?per_page=100";
const SEARCH = "/v1/products/search?q=lantern&per_page=100";
const inCategory = async (id: string) =>
  ((await guest(`/v1/products/category/${id}?per_page=100`)).json() as Array<{ id: string }>).map((p) => p.id);

describe("a hidden game", () => {
  it("is in every public read while shown (read once so the caches hold it)", async () => {
    expect(await publicIds()).toEqual(expect.arrayContaining([game.id, kind.id]));
    expect(await listed(HOME)).toContain(product.id);
    expect(await listed(SEARCH)).toContain(product.id);
    expect(await inCategory(game.id)).toContain(product.id);
    expect((await guest(`/v1/games/${game.slug}`)).statusCode).toBe(200);
  });

  it("disappears with its kinds of goods and products at once, the caches emptied", async () => {
    const response = await hide(game, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: game.id, hidden: true });

    const ids = await publicIds();
    expect(ids).not.toContain(game.id);
    expect(ids).not.toContain(kind.id);
    expect(await listed(HOME)).not.toContain(product.id);
    expect(await listed(SEARCH)).not.toContain(product.id);
    expect(failure(await guest(`/v1/products/category/${game.id}`))).toEqual([404, "CATEGORY_NOT_FOUND"]);
    expect(failure(await guest(`/v1/products/category/${kind.id}`))).toEqual([404, "CATEGORY_NOT_FOUND"]);
    expect(failure(await guest(`/v1/products/${game.slug}/${kind.slug}`))).toEqual([404, "CATEGORY_NOT_FOUND"]);
    expect(failure(await guest(`/v1/games/${game.slug}`))).toEqual([404, "CATEGORY_NOT_FOUND"]);
    expect(failure(await guest(`/v1/categories/game/${game.id}`))).toEqual([404, "CATEGORY_NOT_FOUND"]);
    expect(failure(await guest(`/v1/products/search?q=lantern&category_id=${game.id}`))).toEqual([
      404,
      "CATEGORY_NOT_FOUND",
    ]);
  });

  it("hides its products' pages from everyone but their seller and admins, and refuses buying", async () => {
    expect(failure(await guest(`/v1/products/${product.id}`))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(failure(await buyer.client.get(`/v1/products/${product.id}`))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect((await seller.client.get(`/v1/products/${product.id}`)).statusCode).toBe(200);
    expect((await admin.client.get(`/v1/products/${product.id}`)).statusCode).toBe(200);
    expect(failure(await buyAs(t, buyer.client, product.id))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(failure(await buyAs(t, admin.client, product.id))).toEqual([409, "PRODUCT_NOT_AVAILABLE"]);
  });

  it("stays in the admins' list, marked hidden", async () => {
    const all = (await admin.client.get("/v1/admin/categories")).json() as Category[];
    expect(all.find((category) => category.id === game.id)).toMatchObject({ hidden: true });
    expect(all.find((category) => category.id === kind.id)).toMatchObject({ hidden: false });
    expect(failure(await buyer.client.get("/v1/admin/categories"))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
  });

  it("comes back whole when shown again, and can be bought from", async () => {
    expect((await hide(game, false)).statusCode).toBe(200);
    expect(await publicIds()).toEqual(expect.arrayContaining([game.id, kind.id]));
    expect(await listed(HOME)).toContain(product.id);
    expect((await guest(`/v1/products/${product.id}`)).statusCode).toBe(200);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
  });
});

describe("a hidden kind of goods", () => {
  it("leaves its game and the game's other kinds shown", async () => {
    const other = await createTestSubcategory(t.database.db, game, "Candles");
    expect((await hide(other, true)).statusCode).toBe(200);
    const ids = await publicIds();
    expect(ids).toEqual(expect.arrayContaining([game.id, kind.id]));
    expect(ids).not.toContain(other.id);
    const page = (await guest(`/v1/games/${game.slug}`)).json() as GamePage;
    expect(page.subcategories.map((subcategory) => subcategory.id)).not.toContain(other.id);
    expect(failure(await guest(`/v1/products/${game.slug}/${other.slug}`))).toEqual([404, "CATEGORY_NOT_FOUND"]);
  });
});
