import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_FIELD } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productImages, products, productUnits, type Category } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import {
  createTestGame,
  createTestProduct,
  createTestSubcategory,
  imagePart,
  sendForm,
  textParts,
} from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestDeal } from "../../test/test-deals.js";
import { testImages } from "../../test/test-images.js";
import type { FormPart } from "../../test/multipart.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let seller: User;
let asSeller: TestClient;
let asOther: TestClient;
let asAdmin: TestClient;
let game: Category;
let kind: Category;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  seller = await createTestUser(db, { username: "edit_seller" });
  asSeller = await signInAs(t.app, seller);
  asOther = await signInAs(t.app, await createTestUser(db, { username: "edit_other" }));
  asAdmin = await signInAs(t.app, await createTestUser(db, { username: "edit_admin", role: "admin" }));
  game = await createTestGame(db, "Edit Game");
  kind = await createTestSubcategory(db, game, "Edit Kind");
});
afterAll(() => t.close());

const productFields = () => ({
  title: "Level 80 account",
  description: "An account with every hero unlocked",
  price: 2500,
  product_data: "login: hero80 / password: s3cret!",
  category_id: kind.id,
});
const png = async (name = "shot.png") => imagePart(PRODUCT_IMAGES_FIELD, await testImages.png(), name);
const create = (client: TestClient | undefined, parts: FormPart[]) =>
  sendForm(t, client, "POST", "/v1/products/", parts);
const edit = (client: TestClient | undefined, parts: FormPart[]) =>
  sendForm(t, client, "PATCH", "/v1/products/", parts);
const addImages = (client: TestClient | undefined, parts: FormPart[]) =>
  sendForm(t, client, "PATCH", "/v1/products/images", parts);
const productRows = async () => (await t.database.db.select({ id: products.id }).from(products)).length;
const imageRows = async () => (await t.database.db.select({ id: productImages.id }).from(productImages)).length;
const mediaKeys = () => t.media.list!();
const keyOf = (url: string) => url.slice("/media/".length);
/** Stored files no image row points at: what a delete or a replacement must not leave behind. */
async function orphanKeys(): Promise<string[]> {
  const rows = await t.database.db.select().from(productImages);
  const referenced = new Set(rows.flatMap((row) => [keyOf(row.imageUrl), keyOf(row.thumbnailUrl)]));
  return (await mediaKeys()).filter((key) => !referenced.has(key));
}

/** A product made through the API and approved by an admin, as a seller's live listing. */
async function activeProduct(
  imageCount = 2,
): Promise<{ id: string; images: Array<{ id: string; image_url: string; thumbnail_url: string }> }> {
  const images = await Promise.all(Array.from({ length: imageCount }, (_, i) => png(`p${i}.png`)));
  const created = await create(asSeller, [...textParts(productFields()), ...images]);
  expect(created.statusCode, created.body).toBe(200);
  const approved = await asAdmin.post("/v1/admin/products/approve", { product_id: created.json().id });
  expect(approved.statusCode, approved.body).toBe(200);
  return created.json();
}

describe("POST /v1/products/", () => {
  it("creates a product in moderation with its images stored and product_data returned to the seller", async () => {
    const response = await create(asSeller, [
      ...textParts(productFields()),
      await png("a.png"),
      imagePart(PRODUCT_IMAGES_FIELD, await testImages.jpeg(), "b.jpg"),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json();
    expect(product).toMatchObject({
      title: "Level 80 account",
      price: 2500,
      status: "moderation",
      is_owner: true,
      is_sold: false,
      product_data: "login: hero80 / password: s3cret!",
      seller: { username: "edit_seller" },
      category: { id: kind.id },
    });
    expect(product.images.map((image: { image_url: string }) => image.image_url)).toEqual([
      expect.stringMatching(/^\/media\/products\/[0-9a-f-]{36}\.png$/),
      expect.stringMatching(/^\/media\/products\/[0-9a-f-]{36}\.jpg$/),
    ]);
    for (const image of product.images) {
      expect((await t.app.inject({ method: "GET", url: image.image_url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: image.thumbnail_url })).statusCode).toBe(200);
    }
    // The spec's product_data is the listing's one unit of stock, stored encrypted; not yet on sale.
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row!.delivery, row!.inStock, row!.productDataEncrypted, row!.priceKopecks]).toEqual([
      "auto",
      1,
      null,
      250_000,
    ]);
    const units = await t.database.db.select().from(productUnits).where(eq(productUnits.productId, product.id));
    expect(units.map((unit) => unit.state)).toEqual(["available"]);
    expect(units[0]!.dataEncrypted).not.toContain("hero80");
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).statusCode).toBe(404);
  });

  describe("refuses, leaving no row and no file", () => {
    let before: { products: number; images: number; keys: string[] };
    beforeEach(async () => {
      before = { products: await productRows(), images: await imageRows(), keys: await mediaKeys() };
    });
    const expectNothingLeft = async () => {
      expect(await productRows()).toBe(before.products);
      expect(await imageRows()).toBe(before.images);
      expect(await mediaKeys()).toEqual(before.keys);
    };

    it("a third file that is a GIF: 400 WRONG_IMAGE_FORMAT", async () => {
      const response = await create(asSeller, [
        ...textParts(productFields()),
        await png("1.png"),
        await png("2.png"),
        imagePart(PRODUCT_IMAGES_FIELD, await testImages.gif(), "3.gif"),
      ]);
      expect([response.statusCode, response.json().detail.error_code]).toEqual([400, "WRONG_IMAGE_FORMAT"]);
      await expectNothingLeft();
    });

    it("a file that is not an image: 400 WRONG_FILE_TYPE; one over 5 MB: 413 IMAGE_TOO_LARGE", async () => {
      const html = await create(asSeller, [
        ...textParts(productFields()),
        await png(),
        imagePart(PRODUCT_IMAGES_FIELD, testImages.html(), "page.png"),
      ]);
      expect([html.statusCode, html.json().detail.error_code]).toEqual([400, "WRONG_FILE_TYPE"]);
      const huge = Buffer.concat([await testImages.png(), Buffer.alloc(IMAGE_MAX_BYTES)]);
      const large = await create(asSeller, [
        ...textParts(productFields()),
        imagePart(PRODUCT_IMAGES_FIELD, huge, "huge.png"),
      ]);
      expect([large.statusCode, large.json().detail.error_code]).toEqual([413, "IMAGE_TOO_LARGE"]);
      await expectNothingLeft();
    });

    it("eleven images: 400 MAXIMUM_NUMBER_PHOTOS_EXCEEDED", async () => {
      const images = await Promise.all(Array.from({ length: 11 }, (_, i) => png(`${i}.png`)));
      const response = await create(asSeller, [...textParts(productFields()), ...images]);
      expect([response.statusCode, response.json().detail.error_code]).toEqual([400, "MAXIMUM_NUMBER_PHOTOS_EXCEEDED"]);
      await expectNothingLeft();
    });

    it("no image, or bad fields: 422 naming each field", async () => {
      const noImage = await create(asSeller, textParts(productFields()));
      expect(noImage.json().detail.errors).toEqual([expect.objectContaining({ field: PRODUCT_IMAGES_FIELD })]);
      const bad = await create(asSeller, [
        ...textParts({ ...productFields(), title: "short", price: "12.5", product_data: "" }),
        await png(),
      ]);
      expect(bad.statusCode).toBe(422);
      expect(
        bad
          .json()
          .detail.errors.map((error: { field: string }) => error.field)
          .sort(),
      ).toEqual(["price", "product_data", "title"]);
      const zero = await create(asSeller, [...textParts({ ...productFields(), price: 0 }), await png()]);
      expect(zero.json().detail.errors).toEqual([expect.objectContaining({ field: "price" })]);
      await expectNothingLeft();
    });

    it("an unknown category: 404 CATEGORY_NOT_FOUND", async () => {
      const response = await create(asSeller, [
        ...textParts({ ...productFields(), category_id: crypto.randomUUID() }),
        await png(),
      ]);
      expect([response.statusCode, response.json().detail.error_code]).toEqual([404, "CATEGORY_NOT_FOUND"]);
      await expectNothingLeft();
    });

    it("a guest: 401", async () => {
      const response = await create(undefined, [...textParts(productFields()), await png()]);
      expect([response.statusCode, response.json().detail.error_code]).toEqual([401, "TOKEN_NOT_FOUND"]);
      await expectNothingLeft();
    });
  });
});

describe("PATCH /v1/products/", () => {
  it("changes only the sent fields; a new price keeps an active product on sale", async () => {
    const product = await activeProduct();
    const response = await edit(asSeller, textParts({ product_id: product.id, price: 1999 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      price: 1999,
      status: "active",
      title: "Level 80 account",
      product_data: "login: hero80 / password: s3cret!",
    });
    expect(response.json().images).toHaveLength(2);
  });

  it("refuses a price written other than in plain digits (422 on price) and keeps the old one", async () => {
    const product = await activeProduct(1);
    for (const price of ["0x10", "1e3", " 10", "10."]) {
      const response = await edit(asSeller, textParts({ product_id: product.id, price }));
      expect(response.statusCode, `${price}: ${response.body}`).toBe(422);
      expect(response.json().detail.errors).toEqual([expect.objectContaining({ field: "price" })]);
    }
    const [row] = await t.database.db
      .select({ priceKopecks: products.priceKopecks })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.priceKopecks).toBe(250_000);
  });

  it("sends an active product back to moderation when its content changes", async () => {
    const product = await activeProduct();
    const response = await edit(
      asSeller,
      textParts({ product_id: product.id, title: "Level 90 account now", product_data: "login: hero90 / pw: new!" }),
    );
    expect(response.json()).toMatchObject({
      status: "moderation",
      title: "Level 90 account now",
      product_data: "login: hero90 / pw: new!",
      description: productFields().description,
    });
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).statusCode).toBe(404);
  });

  it("resubmits a rejected product on any edit", async () => {
    const created = (await create(asSeller, [...textParts(productFields()), await png()])).json();
    expect((await asAdmin.post("/v1/admin/products/reject", { product_id: created.id })).json()).toBe(true);
    const response = await edit(asSeller, textParts({ product_id: created.id, price: 100 }));
    expect(response.json()).toMatchObject({ status: "moderation", price: 100 });
  });

  it("deletes the listed images (and their files, after the change) and adds new ones, in order", async () => {
    const product = await activeProduct(3);
    const [first, second, third] = product.images;
    const response = await edit(asSeller, [
      ...textParts({ product_id: product.id, deleted_image_ids: JSON.stringify([first!.id, third!.id]) }),
      imagePart(PRODUCT_IMAGES_FIELD, await testImages.jpeg(), "new.jpg"),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const images = response.json().images;
    expect(images.map((image: { id: string }) => image.id)[0]).toBe(second!.id);
    expect(images[1].image_url).toMatch(/\.jpg$/);
    expect(response.json().status).toBe("moderation");
    const keys = await mediaKeys();
    expect(keys).not.toContain(keyOf(first!.image_url));
    expect(keys).not.toContain(keyOf(third!.image_url));
    expect(keys).toContain(keyOf(second!.image_url));
    expect(keys).toContain(keyOf(images[1].image_url));
    expect(await orphanKeys()).toEqual([]);
  });

  it("keeps at least one image and at most ten", async () => {
    const product = await activeProduct(1);
    const none = await edit(
      asSeller,
      textParts({ product_id: product.id, deleted_image_ids: JSON.stringify([product.images[0]!.id]) }),
    );
    expect([none.statusCode, none.json().detail.errors]).toEqual([
      422,
      [expect.objectContaining({ field: PRODUCT_IMAGES_FIELD })],
    ]);
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => png(`${i}.png`)));
    expect((await addImages(asSeller, [...textParts({ product_id: product.id }), ...nine])).statusCode).toBe(200);
    const keys = await mediaKeys();
    const eleventh = await addImages(asSeller, [...textParts({ product_id: product.id }), await png()]);
    expect([eleventh.statusCode, eleventh.json().detail.error_code]).toEqual([400, "MAXIMUM_NUMBER_PHOTOS_EXCEEDED"]);
    expect(await mediaKeys()).toEqual(keys);
  });

  it("refuses images of another product, bad JSON, an empty edit and an unknown category", async () => {
    const product = await activeProduct(1);
    const other = await activeProduct(1);
    const foreign = await edit(
      asSeller,
      textParts({ product_id: product.id, deleted_image_ids: JSON.stringify([other.images[0]!.id]) }),
    );
    expect(foreign.json().detail.errors).toEqual([expect.objectContaining({ field: "deleted_image_ids" })]);
    const notJson = await edit(asSeller, textParts({ product_id: product.id, deleted_image_ids: "[oops" }));
    expect(notJson.json().detail.errors).toEqual([expect.objectContaining({ field: "deleted_image_ids" })]);
    const empty = await edit(asSeller, textParts({ product_id: product.id }));
    expect([empty.statusCode, empty.json().detail.error_code]).toEqual([400, "PAYLOAD_IS_EMPTY"]);
    const category = await edit(asSeller, textParts({ product_id: product.id, category_id: crypto.randomUUID() }));
    expect([category.statusCode, category.json().detail.error_code]).toEqual([404, "CATEGORY_NOT_FOUND"]);
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).json().status).toBe("active");
  });

  it("a failed edit with a bad second image changes nothing and stores nothing", async () => {
    const product = await activeProduct(1);
    const keys = await mediaKeys();
    const response = await edit(asSeller, [
      ...textParts({ product_id: product.id, title: "A brand new title" }),
      await png(),
      imagePart(PRODUCT_IMAGES_FIELD, await testImages.webp(), "x.png"),
    ]);
    expect([response.statusCode, response.json().detail.error_code]).toEqual([400, "WRONG_IMAGE_FORMAT"]);
    expect(await mediaKeys()).toEqual(keys);
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).json()).toMatchObject({
      title: "Level 80 account",
      status: "active",
    });
  });

  it("is for the seller only: 403 for another user or an admin, 404 for a product they cannot see, 401 for a guest", async () => {
    const product = await activeProduct(1);
    for (const client of [asOther, asAdmin]) {
      const response = await edit(client, textParts({ product_id: product.id, price: 1 }));
      expect([response.statusCode, response.json().detail.error_code]).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    }
    const pending = (await create(asSeller, [...textParts(productFields()), await png()])).json();
    const hidden = await edit(asOther, textParts({ product_id: pending.id, price: 1 }));
    expect([hidden.statusCode, hidden.json().detail.error_code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect((await edit(undefined, textParts({ product_id: product.id, price: 1 }))).statusCode).toBe(401);
  });

  it("refuses to change a product in an open deal (409 PRODUCT_IN_OPEN_DEAL) or sold (409 INVALID_PRODUCT_STATUS)", async () => {
    const purchased = await createTestProduct(t, { sellerId: seller.id, categoryId: kind.id, status: "purchased" });
    const inDeal = await edit(asSeller, textParts({ product_id: purchased.id, price: 1 }));
    expect([inDeal.statusCode, inDeal.json().detail.error_code]).toEqual([409, "PRODUCT_IN_OPEN_DEAL"]);
    const completed = await createTestProduct(t, { sellerId: seller.id, categoryId: kind.id, status: "completed" });
    const sold = await addImages(asSeller, [...textParts({ product_id: completed.id }), await png()]);
    expect([sold.statusCode, sold.json().detail.error_code]).toEqual([409, "INVALID_PRODUCT_STATUS"]);
  });
});

describe("PATCH /v1/products/images", () => {
  it("adds images after the existing ones and sends an active product back to moderation", async () => {
    const product = await activeProduct(1);
    const response = await addImages(asSeller, [...textParts({ product_id: product.id }), await png(), await png()]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().images.map((image: { id: string }) => image.id)[0]).toBe(product.images[0]!.id);
    expect(response.json()).toMatchObject({ status: "moderation" });
    expect(response.json().images).toHaveLength(3);
  });

  it("needs at least one image", async () => {
    const product = await activeProduct(1);
    const response = await addImages(asSeller, textParts({ product_id: product.id }));
    expect(response.json().detail.errors).toEqual([expect.objectContaining({ field: PRODUCT_IMAGES_FIELD })]);
  });
});

describe("DELETE /v1/products/", () => {
  const remove = (client: TestClient, id: string) => client.request("DELETE", `/v1/products/?product_id=${id}`);

  it("soft-deletes the seller's product: it is gone from its page and the listings, its row stays", async () => {
    const product = await activeProduct(1);
    const response = await remove(asSeller, product.id);
    expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
    expect((await asSeller.get(`/v1/products/${product.id}`)).statusCode).toBe(404);
    expect(
      (await asSeller.get("/v1/products/user/by-username/edit_seller")).json().map((p: { id: string }) => p.id),
    ).not.toContain(product.id);
    expect(
      (await t.app.inject({ method: "GET", url: "/v1/products/get/all" }))
        .json()
        .products.map((p: { id: string }) => p.id),
    ).not.toContain(product.id);
    expect(
      (await t.database.db.select().from(products).where(eq(products.id, product.id)))[0]!.deletedAt,
    ).not.toBeNull();
    expect((await remove(asSeller, product.id)).json().detail.error_code).toBe("PRODUCT_NOT_FOUND");
  });

  it("removes the deleted product's images, rows and files, so no file is left behind", async () => {
    const product = await activeProduct(2);
    const keys = product.images.flatMap((image) => [keyOf(image.image_url), keyOf(image.thumbnail_url)]);
    expect(await mediaKeys()).toEqual(expect.arrayContaining(keys));
    expect((await remove(asSeller, product.id)).statusCode).toBe(200);
    const left = await mediaKeys();
    expect(keys.filter((key) => left.includes(key))).toEqual([]);
    expect(await orphanKeys()).toEqual([]);
    expect(await t.database.db.select().from(productImages).where(eq(productImages.productId, product.id))).toEqual([]);
  });

  it("keeps the images of a product that was sold: the buyer's deal still shows it", async () => {
    const buyer = await createTestUser(t.database.db, { username: "edit_buyer" });
    const { product } = await createTestDeal(t, { sellerId: seller.id, buyerId: buyer.id, categoryId: kind.id });
    expect((await remove(asSeller, product.id)).statusCode).toBe(200);
    const purchases = (await (await signInAs(t.app, buyer)).get(`/v1/users/${buyer.id}/purchases`)).json();
    expect(purchases).toMatchObject([{ product: { id: product.id, thumbnail_url: expect.any(String) } }]);
  });

  it("refuses while a deal of the product is open (409 PRODUCT_IN_OPEN_DEAL)", async () => {
    const buyer = await createTestUser(t.database.db, { username: "open_buyer" });
    const { product: purchased } = await createTestDeal(t, {
      sellerId: seller.id,
      buyerId: buyer.id,
      categoryId: kind.id,
      status: "disputed",
    });
    const response = await remove(asSeller, purchased.id);
    expect([response.statusCode, response.json().detail.error_code]).toEqual([409, "PRODUCT_IN_OPEN_DEAL"]);
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${purchased.id}` })).statusCode).toBe(200);
  });

  it("is for the seller only", async () => {
    const product = await activeProduct(1);
    expect((await remove(asOther, product.id)).json().detail.error_code).toBe("INSUFFICIENT_PERMISSIONS");
    expect((await t.app.inject({ method: "DELETE", url: `/v1/products/?product_id=${product.id}` })).statusCode).toBe(
      401,
    );
    expect((await remove(asSeller, "nope")).statusCode).toBe(422);
  });
});
