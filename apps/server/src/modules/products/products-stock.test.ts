import {
  PRODUCT_IMAGES_FIELD,
  STOCK_ITEMS_PER_REQUEST_MAX,
  type ProductDetail,
  type PurchaseResult,
  type StockPage,
} from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productUnits, type Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, imagePart, sendForm, textParts } from "../../test/test-catalog.js";
import { testImages } from "../../test/test-images.js";
import { adjustBalanceAs, buyAs, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("stock", () => t);

beforeAll(async () => {
  t = await createTestApp();
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

const listing = (fields: Record<string, string | number>) => ({
  title: "Steam keys of one game",
  description: "A key for the whole game, delivered at once",
  price: 300,
  category_id: game.id,
  ...fields,
});
const create = async (who: Person, fields: Record<string, string | number>) =>
  sendForm(t, who.client, "POST", "/v1/products/", [
    ...textParts(listing(fields)),
    imagePart(PRODUCT_IMAGES_FIELD, await testImages.png()),
  ]);
const edit = (who: Person, fields: Record<string, string | number>) =>
  sendForm(t, who.client, "PATCH", "/v1/products/", textParts(fields));
const stockOf = async (who: Person, productId: string, query = "") => {
  const response = await who.client.get(`/v1/products/${productId}/stock${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StockPage;
};
const addStock = (who: Person, productId: string, text: string) =>
  who.client.post(`/v1/products/${productId}/stock`, { stock_items: text });
const removeUnit = (who: Person, productId: string, unitId: string) =>
  who.client.request("DELETE", `/v1/products/${productId}/stock/${unitId}`);
const productAs = async (who: Person | undefined, productId: string) => {
  const response = who
    ? await who.client.get(`/v1/products/${productId}`)
    : await t.app.inject({ method: "GET", url: `/v1/products/${productId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductDetail;
};
const fieldErrors = (response: { json(): unknown }) =>
  (response.json() as { detail: { errors: { field: string; message: string }[] } }).detail.errors;
const unitCount = async (productId: string) =>
  (await t.database.db.select().from(productUnits).where(eq(productUnits.productId, productId))).length;

/** A seller's live `auto` listing of these units. */
async function shelf(items: string[], priceKopecks = 100_00) {
  const seller = await person();
  const product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: game.id,
    stockItems: items,
    priceKopecks,
  });
  return { seller, product };
}

async function buyer(balance: number): Promise<Person> {
  const someone = await person();
  await adjustBalanceAs(admin.client, someone.user.id, balance);
  return someone;
}

describe("creating a listing with its delivery", () => {
  it("makes an auto listing of the pasted units, with product_data as the note beside them", async () => {
    const seller = await person();
    const created = await create(seller, {
      stock_items: "  KEY-AAAA-0001 \r\n\r\nKEY-AAAA-0002\nKEY-AAAA-0003\n",
      product_data: "Redeem on Steam: Games → Activate a product",
    });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json() as ProductDetail;
    expect(product).toMatchObject({
      delivery: "auto",
      in_stock: 3,
      status: "moderation",
      product_data: "Redeem on Steam: Games → Activate a product",
    });

    const stock = await stockOf(seller, product.id);
    expect(stock).toMatchObject({ total: 3, in_stock: 3, sold: 0, page: 1, total_pages: 1 });
    expect(stock.units.map((unit) => [unit.item, unit.state, unit.deal_id])).toEqual([
      ["KEY-AAAA-0001", "available", null],
      ["KEY-AAAA-0002", "available", null],
      ["KEY-AAAA-0003", "available", null],
    ]);
    // Stored encrypted like product data.
    const rows = await t.database.db.select().from(productUnits).where(eq(productUnits.productId, product.id));
    expect(rows.every((row) => !row.dataEncrypted.includes("KEY-AAAA"))).toBe(true);
  });

  it("makes a manual listing of a quantity, product_data being what the buyer receives", async () => {
    const seller = await person();
    const created = await create(seller, { quantity: 500, product_data: "Gold delivered by mail in the game" });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ delivery: "manual", in_stock: 500 });
    expect(failure(await addStock(seller, (created.json() as ProductDetail).id, "KEY-1"))).toEqual([
      409,
      "STOCK_IS_MANUAL",
    ]);
  });

  it("refuses units repeated in the text, naming their lines as the seller sees them, and stores nothing", async () => {
    const seller = await person();
    const before = (await t.database.db.select().from(products)).length;
    const refused = await create(seller, { stock_items: "KEY-1\nKEY-2\n\nKEY-1\nKEY-3\nKEY-2" });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([
      { field: "stock_items", message: "Line 4 repeats line 1" },
      { field: "stock_items", message: "Line 6 repeats line 2" },
    ]);
    expect(failure(await create(seller, { quantity: 3, stock_items: "KEY-1" }))).toEqual([422, "VALIDATION_ERROR"]);
    expect(failure(await create(seller, { delivery: "manual", product_data: "Gold in the game" }))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
    expect((await t.database.db.select().from(products)).length).toBe(before);
  });

  it("refuses a pasted list longer than a form field may be, rather than storing it cut short", async () => {
    const seller = await person();
    // 1 MiB and a bit of units: a field cut at the limit would end in half a unit.
    const text = Array.from({ length: 40_000 }, (_, index) => `KEY-${String(index).padStart(22, "0")}`).join("\n");
    const refused = await create(seller, { stock_items: text });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: "stock_items", message: "At most 1024 kB in one field" }]);
    const listed = await t.database.db.select().from(products).where(eq(products.sellerId, seller.user.id));
    expect(listed).toEqual([]);
  });

  it("shows delivery and in_stock to everyone, the units to nobody but the seller and admins", async () => {
    const { seller, product } = await shelf(["KEY-PUBLIC-1", "KEY-PUBLIC-2"]);
    const other = await person();
    expect(await productAs(undefined, product.id)).toMatchObject({
      delivery: "auto",
      in_stock: 2,
      product_data_string: null,
      status_reason: null,
    });
    // Many units and no note: there is no one text to show as the goods; the stock page has them.
    expect((await productAs(seller, product.id)).product_data).toBeNull();
    expect(failure(await other.client.get(`/v1/products/${product.id}/stock`))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect((await stockOf(admin, product.id)).units.map((unit) => unit.item)).toEqual(["KEY-PUBLIC-1", "KEY-PUBLIC-2"]);
    expect(failure(await addStock(admin, product.id, "KEY-ADMIN"))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    expect(failure(await addStock(other, product.id, "KEY-OTHER"))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}/stock` })).statusCode).toBe(401);
  });
});

describe("adding units", () => {
  it("adds all or none: a unit already in the listing refuses the whole list, named by its line", async () => {
    const { seller, product } = await shelf(["KEY-OLD-1", "KEY-OLD-2"]);
    const refused = await addStock(seller, product.id, "KEY-NEW-1\nKEY-OLD-2\n\nKEY-OLD-1");
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([
      { field: "stock_items", message: "Line 2 is already in the listing" },
      { field: "stock_items", message: "Line 4 is already in the listing" },
    ]);
    expect(await unitCount(product.id)).toBe(2);

    const added = await addStock(seller, product.id, "KEY-NEW-1\nKEY-NEW-2");
    expect(added.json()).toEqual({ added: 2, in_stock: 4 });
    expect((await productAs(seller, product.id)).in_stock).toBe(4);
  });

  it("finds a unit made before stock existed (no fingerprint) as already in the listing", async () => {
    const { seller, product } = await shelf(["KEY-LEGACY"]);
    await t.database.db.update(productUnits).set({ dataHash: null }).where(eq(productUnits.productId, product.id));
    expect(fieldErrors(await addStock(seller, product.id, "KEY-LEGACY"))).toEqual([
      { field: "stock_items", message: "Line 1 is already in the listing" },
    ]);
  });

  it("takes the most units a request may carry, and refuses one more", async () => {
    const { seller, product } = await shelf(["KEY-FIRST"]);
    const many = Array.from({ length: STOCK_ITEMS_PER_REQUEST_MAX }, (_, index) => `KEY-${index}-${"x".repeat(20)}`);
    expect(failure(await addStock(seller, product.id, [...many, "KEY-ONE-MORE"].join("\n")))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
    const added = await addStock(seller, product.id, many.join("\n"));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ added: STOCK_ITEMS_PER_REQUEST_MAX, in_stock: STOCK_ITEMS_PER_REQUEST_MAX + 1 });
    const lastPage = await stockOf(
      seller,
      product.id,
      `?per_page=100&page=${Math.ceil((STOCK_ITEMS_PER_REQUEST_MAX + 1) / 100)}`,
    );
    expect(lastPage.units.at(-1)?.item).toBe(many.at(-1));
  });

  it("puts a sold-out listing back on sale at once, without moderation", async () => {
    const { seller, product } = await shelf(["KEY-ONLY"]);
    const first = await buyer(100);
    expect((await buyAs(t, first.client, product.id)).statusCode).toBe(200);
    const onSale = async () =>
      (
        (await t.app.inject({ method: "GET", url: "/v1/products/get/all?per_page=100" })).json() as {
          products: { id: string }[];
        }
      ).products.some((one) => one.id === product.id);
    expect(await onSale()).toBe(false);
    expect((await productAs(seller, product.id)).status).toBe("purchased");

    expect((await addStock(seller, product.id, "KEY-REFILL")).json()).toEqual({ added: 1, in_stock: 1 });
    expect(await productAs(undefined, product.id)).toMatchObject({ status: "active", in_stock: 1 });
    expect(await onSale()).toBe(true);
  });

  it("refuses stock changes to a banned seller's suspended listing", async () => {
    const { seller, product } = await shelf(["KEY-SUSPENDED"]);
    await t.database.db.update(products).set({ status: "suspended" }).where(eq(products.id, product.id));
    expect(failure(await addStock(seller, product.id, "KEY-MORE"))).toEqual([409, "INVALID_PRODUCT_STATUS"]);
  });
});

describe("removing units", () => {
  it("removes an unsold unit, keeps a sold one with its buyer, and may add a removed one again", async () => {
    const { seller, product } = await shelf(["KEY-R1", "KEY-R2", "KEY-R3"]);
    const someone = await buyer(100);
    const bought = (await buyAs(t, someone.client, product.id)).json() as PurchaseResult;
    const [sold, unsold] = (await stockOf(seller, product.id)).units;
    expect([sold!.state, sold!.deal_id, sold!.sold_at]).toEqual(["sold", bought.deal.id, expect.any(String)]);

    expect(failure(await removeUnit(seller, product.id, sold!.id))).toEqual([409, "STOCK_UNIT_SOLD"]);
    expect((await removeUnit(seller, product.id, unsold!.id)).json()).toEqual({ in_stock: 1 });
    expect(failure(await removeUnit(seller, product.id, unsold!.id))).toEqual([404, "STOCK_UNIT_NOT_FOUND"]);
    const other = await shelf(["KEY-ELSEWHERE"]);
    const [elsewhere] = (await stockOf(other.seller, other.product.id)).units;
    expect(failure(await removeUnit(seller, product.id, elsewhere!.id))).toEqual([404, "STOCK_UNIT_NOT_FOUND"]);
    expect((await stockOf(seller, product.id, "?state=removed")).units.map((unit) => unit.item)).toEqual(["KEY-R2"]);

    expect((await addStock(seller, product.id, "KEY-R2")).json()).toEqual({ added: 1, in_stock: 2 });
    expect(failure(await addStock(seller, product.id, "KEY-R1"))).toEqual([422, "VALIDATION_ERROR"]);
  });

  it("sells out a listing whose last unit is removed, and the catalogue shows it at once", async () => {
    const { seller, product } = await shelf(["KEY-LAST"]);
    const [unit] = (await stockOf(seller, product.id)).units;
    expect((await productAs(undefined, product.id)).status).toBe("active");
    expect((await removeUnit(seller, product.id, unit!.id)).json()).toEqual({ in_stock: 0 });
    expect(await productAs(seller, product.id)).toMatchObject({ status: "completed", in_stock: 0 });
    const someone = await buyer(100);
    expect(failure(await buyAs(t, someone.client, product.id))).toEqual([409, "OUT_OF_STOCK"]);
  });

  it("approves a listing emptied while in moderation as sold out, and its new units put it on sale", async () => {
    const seller = await person();
    const created = await create(seller, { stock_items: "KEY-WAITING" });
    expect(created.statusCode, created.body).toBe(200);
    const productId = (created.json() as ProductDetail).id;
    const [unit] = (await stockOf(seller, productId)).units;
    expect((await removeUnit(seller, productId, unit!.id)).json()).toEqual({ in_stock: 0 });

    expect((await admin.client.post("/v1/admin/products/approve", { product_id: productId })).statusCode).toBe(200);
    expect(await productAs(seller, productId)).toMatchObject({ status: "completed", in_stock: 0 });
    const someone = await buyer(1000);
    expect(failure(await buyAs(t, someone.client, productId))).toEqual([409, "OUT_OF_STOCK"]);

    expect((await addStock(seller, productId, "KEY-ARRIVED")).json()).toEqual({ added: 1, in_stock: 1 });
    expect(await productAs(undefined, productId)).toMatchObject({ status: "active", in_stock: 1 });
  });
});

describe("editing the delivery", () => {
  it("lets a spec client edit the goods of a one-unit listing: product_data replaces the unsold unit", async () => {
    const seller = await person();
    const created = (await create(seller, { product_data: "login: first / password: one" })).json() as ProductDetail;
    expect(created).toMatchObject({ delivery: "auto", in_stock: 1, product_data: "login: first / password: one" });
    const edited = await edit(seller, { product_id: created.id, product_data: "login: second / password: two" });
    expect(edited.json()).toMatchObject({ in_stock: 1, product_data: "login: second / password: two" });
    expect((await stockOf(seller, created.id)).units.map((unit) => unit.item)).toEqual([
      "login: second / password: two",
    ]);
  });

  it("adds units with stock_items, sets a manual quantity, and refuses the other kind's field", async () => {
    const { seller, product } = await shelf(["KEY-E1"]);
    const added = await edit(seller, { product_id: product.id, stock_items: "KEY-E2\nKEY-E3" });
    expect(added.json()).toMatchObject({ in_stock: 3, status: "active" });
    expect(fieldErrors(await edit(seller, { product_id: product.id, quantity: 4 }))).toEqual([
      { field: "quantity", message: "A quantity is for manual delivery" },
    ]);
    // With a note, product_data is the note: the units stay as they are.
    const noted = await edit(seller, { product_id: product.id, product_data: "Activate on Steam" });
    expect(noted.json()).toMatchObject({ product_data: "Activate on Steam", in_stock: 3 });

    const manual = (await create(seller, { quantity: 10, product_data: "Gold delivered in the game" })).json();
    expect((await edit(seller, { product_id: manual.id, quantity: 25 })).json()).toMatchObject({ in_stock: 25 });
    expect(fieldErrors(await edit(seller, { product_id: manual.id, stock_items: "KEY-X" }))).toEqual([
      { field: "stock_items", message: "Units of stock are for automatic delivery" },
    ]);
  });

  it("changes the kind only while nothing was sold: unsold units are removed for a quantity", async () => {
    const { seller, product } = await shelf(["KEY-K1", "KEY-K2"]);
    expect(fieldErrors(await edit(seller, { product_id: product.id, delivery: "manual", quantity: 5 }))).toEqual([
      { field: "product_data", message: "Describe what the buyer receives" },
    ]);
    const manual = await edit(seller, {
      product_id: product.id,
      delivery: "manual",
      quantity: 5,
      product_data: "Delivered in the chat",
    });
    expect(manual.json()).toMatchObject({ delivery: "manual", in_stock: 5, product_data: "Delivered in the chat" });
    expect((await stockOf(seller, product.id)).units.map((unit) => unit.state)).toEqual(["removed", "removed"]);

    const back = await edit(seller, { product_id: product.id, delivery: "auto", stock_items: "KEY-K1\nKEY-K3" });
    expect(back.json()).toMatchObject({ delivery: "auto", in_stock: 2, product_data: "Delivered in the chat" });

    expect((await admin.client.post("/v1/admin/products/approve", { product_id: product.id })).statusCode).toBe(200);
    const someone = await buyer(100);
    expect((await buyAs(t, someone.client, product.id)).statusCode).toBe(200);
    expect(
      failure(
        await edit(seller, {
          product_id: product.id,
          delivery: "manual",
          quantity: 3,
          product_data: "Delivered in the chat",
        }),
      ),
    ).toEqual([409, "DELIVERY_CANNOT_CHANGE"]);
  });
});
