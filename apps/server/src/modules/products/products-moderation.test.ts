import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, sendForm, textParts } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { failure } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let seller: User;
let asAdmin: TestClient;
let asUser: TestClient;
let game: Category;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  seller = await createTestUser(db, { username: "mod_seller" });
  asAdmin = await signInAs(t.app, await createTestUser(db, { username: "mod_admin", role: "admin" }));
  asUser = await signInAs(t.app, seller);
  game = await createTestGame(db, "Moderated Game");
});
afterAll(() => t.close());

const pending = () =>
  createTestProduct(t, {
    sellerId: seller.id,
    categoryId: game.id,
    status: "moderation",
    productData: "the goods themselves",
  });
const statusOf = async (id: string) => (await asAdmin.get(`/v1/products/${id}`)).json().status;

describe("approve and reject", () => {
  for (const path of ["/v1/admin/products/approve", "/v1/products/approve"]) {
    it(`POST ${path} puts a product in moderation on sale and answers true`, async () => {
      const product = await pending();
      const response = await asAdmin.post(path, { product_id: product.id });
      expect([response.statusCode, response.json()]).toEqual([200, true]);
      expect(await statusOf(product.id)).toBe("active");
      expect(
        (await t.app.inject({ method: "GET", url: "/v1/products/get/all" }))
          .json()
          .products.map((p: { id: string }) => p.id),
      ).toContain(product.id);
    });
  }

  it("POST /admin/products/reject rejects it and answers true; it stays hidden from others", async () => {
    const product = await pending();
    const response = await asAdmin.post("/v1/admin/products/reject", { product_id: product.id });
    expect([response.statusCode, response.body]).toEqual([200, "true"]);
    expect(await statusOf(product.id)).toBe("rejected");
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).statusCode).toBe(404);
  });

  it("decides a product only once, and only while it is in moderation (409 INVALID_PRODUCT_STATUS)", async () => {
    const product = await pending();
    await asAdmin.post("/v1/admin/products/approve", { product_id: product.id });
    for (const path of ["/v1/admin/products/approve", "/v1/admin/products/reject"]) {
      const response = await asAdmin.post(path, { product_id: product.id });
      expect([response.statusCode, response.json().detail.error_code], path).toEqual([409, "INVALID_PRODUCT_STATUS"]);
    }
    expect(await statusOf(product.id)).toBe("active");
  });

  it("answers 404 PRODUCT_NOT_FOUND for an unknown or deleted product and 422 without a product id", async () => {
    const deleted = await createTestProduct(t, {
      sellerId: seller.id,
      categoryId: game.id,
      status: "moderation",
      deletedAt: new Date(),
    });
    for (const id of [crypto.randomUUID(), deleted.id]) {
      const response = await asAdmin.post("/v1/admin/products/reject", { product_id: id });
      expect([response.statusCode, response.json().detail.error_code]).toEqual([404, "PRODUCT_NOT_FOUND"]);
    }
    expect((await asAdmin.post("/v1/admin/products/approve", {})).statusCode).toBe(422);
  });

  it("is for admins only: 403 for a user (even the seller), 401 for a guest", async () => {
    const product = await pending();
    for (const path of ["/v1/admin/products/approve", "/v1/products/approve", "/v1/admin/products/reject"]) {
      const asSeller = await asUser.post(path, { product_id: product.id });
      expect([asSeller.statusCode, asSeller.json().detail.error_code], path).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
      const guest = await t.app.inject({ method: "POST", url: path, payload: { product_id: product.id } });
      expect(guest.statusCode, path).toBe(401);
    }
    expect(await statusOf(product.id)).toBe("moderation");
  });
});

describe("GET /v1/admin/products", () => {
  it("lists every status, the moderation queue first and then newest, with seller, category, images and the goods, optionally one status", async () => {
    const a = await createTestApp();
    try {
      const owner = await createTestUser(a.database.db, { username: "adm_list_seller" });
      const admin = await signInAs(
        a.app,
        await createTestUser(a.database.db, { username: "adm_list_admin", role: "admin" }),
      );
      const category = await createTestGame(a.database.db, "Admin Listed");
      const made = [];
      for (const [index, status] of (
        ["moderation", "active", "rejected", "completed", "moderation"] as const
      ).entries()) {
        made.push(
          await createTestProduct(a, {
            sellerId: owner.id,
            categoryId: category.id,
            status,
            createdAt: new Date(Date.UTC(2030, 0, 1, 10 - index)),
            productData: `goods ${index}`,
          }),
        );
      }
      await createTestProduct(a, { sellerId: owner.id, categoryId: category.id, deletedAt: new Date() });

      const all = (await admin.get("/v1/admin/products")).json();
      expect([all.total, all.page, all.total_pages]).toEqual([5, 1, 1]);
      const queueFirst = [made[0]!, made[4]!, made[1]!, made[2]!, made[3]!].map((p) => p.id);
      expect(all.products.map((p: { id: string }) => p.id)).toEqual(queueFirst);
      // Pages split the queue and the rest without repeating or skipping a product.
      const paged = [];
      for (const page of [1, 2, 3])
        paged.push(
          ...(await admin.get(`/v1/admin/products?per_page=2&page=${page}`))
            .json()
            .products.map((p: { id: string }) => p.id),
        );
      expect(paged).toEqual(queueFirst);
      expect(all.products[0]).toMatchObject({
        status: "moderation",
        product_data_string: "goods 0",
        seller: { username: "adm_list_seller" },
        category: { id: category.id, name: "Admin Listed" },
        images: [expect.objectContaining({ image_url: expect.any(String) })],
      });
      expect(all.products[4]).toMatchObject({ status: "completed", is_sold: true });

      const queue = (await admin.get("/v1/admin/products?status=moderation&per_page=1&page=2")).json();
      expect([queue.total, queue.total_pages, queue.products.map((p: { id: string }) => p.id)]).toEqual([
        2,
        2,
        [made[4]!.id],
      ]);
      expect((await admin.get("/v1/admin/products?status=approved")).statusCode).toBe(422);
    } finally {
      await a.close();
    }
  });

  it("is for admins only", async () => {
    expect((await asUser.get("/v1/admin/products")).json().detail.error_code).toBe("INSUFFICIENT_PERMISSIONS");
    expect((await t.app.inject({ method: "GET", url: "/v1/admin/products" })).json().detail.error_code).toBe(
      "TOKEN_NOT_FOUND",
    );
  });
});

describe("reasons the seller reads", () => {
  const reasonOf = async (client: TestClient, id: string) => (await client.get(`/v1/products/${id}`)).json();
  const auditOf = async (id: string) =>
    (await asAdmin.get(`/v1/admin/audit-log?target_type=product&target_id=${id}`)).json().entries;

  it("a rejection keeps the reason for the seller until an edit sends the product back to moderation", async () => {
    const product = await pending();
    const response = await asAdmin.post("/v1/admin/products/reject", {
      product_id: product.id,
      reason: "  The pictures show another game  ",
    });
    expect([response.statusCode, response.body]).toEqual([200, "true"]);
    expect(await reasonOf(asUser, product.id)).toMatchObject({
      status: "rejected",
      status_reason: "The pictures show another game",
    });
    expect((await auditOf(product.id))[0]).toMatchObject({
      action: "product.reject",
      after: { status: "rejected", reason: "The pictures show another game" },
    });

    const edited = await sendForm(
      t,
      asUser,
      "PATCH",
      "/v1/products/",
      textParts({ product_id: product.id, price: 90 }),
    );
    expect(edited.json()).toMatchObject({ status: "moderation", status_reason: null });
  });

  it("an approval clears an earlier reason; a rejection without one (the spec's call) leaves none", async () => {
    const product = await pending();
    await asAdmin.post("/v1/admin/products/reject", { product_id: product.id, reason: "Wrong category here" });
    await sendForm(t, asUser, "PATCH", "/v1/products/", textParts({ product_id: product.id, title: "Fixed title" }));
    expect((await asAdmin.post("/v1/admin/products/approve", { product_id: product.id })).statusCode).toBe(200);
    expect(await reasonOf(asUser, product.id)).toMatchObject({ status: "active", status_reason: null });

    const silent = await pending();
    await asAdmin.post("/v1/admin/products/reject", { product_id: silent.id });
    expect(await reasonOf(asUser, silent.id)).toMatchObject({ status: "rejected", status_reason: null });
  });

  it("refuses a reason too short or too long (422)", async () => {
    const product = await pending();
    for (const reason of ["bad", "x".repeat(1001)]) {
      const response = await asAdmin.post("/v1/admin/products/reject", { product_id: product.id, reason });
      expect([response.statusCode, response.json().detail.errors[0].field]).toEqual([422, "reason"]);
    }
    expect(await statusOf(product.id)).toBe("moderation");
  });
});

describe("POST /admin/products/take-down", () => {
  const takeDown = (id: string, reason = "Counterfeit keys reported by buyers") =>
    asAdmin.post("/v1/admin/products/take-down", { product_id: id, reason });

  it("withdraws a live listing with the reason: gone from the catalogue at once, the seller reads why", async () => {
    const product = await createTestProduct(t, {
      sellerId: seller.id,
      categoryId: game.id,
      stockItems: ["KEY-A", "KEY-B"],
    });
    const home = async () =>
      (await t.app.inject({ method: "GET", url: "/v1/products/get/all?per_page=100" }))
        .json()
        .products.map((p: { id: string }) => p.id);
    expect(await home()).toContain(product.id);

    const response = await takeDown(product.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: product.id,
      status: "withdrawn",
      status_reason: "Counterfeit keys reported by buyers",
    });
    expect(await home()).not.toContain(product.id);
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).statusCode).toBe(404);
    expect((await asUser.get(`/v1/products/${product.id}`)).json()).toMatchObject({
      status: "withdrawn",
      status_reason: "Counterfeit keys reported by buyers",
    });
    const [entry] = (await asAdmin.get(`/v1/admin/audit-log?target_type=product&target_id=${product.id}`)).json()
      .entries;
    expect(entry).toMatchObject({
      action: "product.take_down",
      before: { status: "active" },
      after: { status: "withdrawn", reason: "Counterfeit keys reported by buyers" },
    });
    // The seller cannot put it back.
    for (const action of ["resume", "relist"])
      expect((await asUser.post(`/v1/products/${product.id}/${action}`, {})).json().detail.error_code).toBe(
        "INVALID_PRODUCT_STATUS",
      );
  });

  it("takes down paused and sold-out listings too, but not one in moderation, rejected or already off sale", async () => {
    for (const status of ["paused", "purchased", "completed", "refunded"] as const) {
      const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, status });
      expect([status, (await takeDown(product.id)).json().status]).toEqual([status, "withdrawn"]);
    }
    for (const status of ["moderation", "rejected", "withdrawn", "suspended"] as const) {
      const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, status });
      const response = await takeDown(product.id);
      expect([status, response.statusCode, response.json().detail.error_code]).toEqual([
        status,
        409,
        "INVALID_PRODUCT_STATUS",
      ]);
    }
  });

  it("refuses a reason with half of a UTF-16 pair (422), which the database cannot store", async () => {
    const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id });
    const response = await takeDown(product.id, "Fake \udc00 keys \u{1F511}");
    expect([response.statusCode, response.json().detail.errors]).toEqual([
      422,
      [{ field: "reason", message: "Cannot contain a broken character (half of a UTF-16 pair)" }],
    ]);
    expect(await statusOf(product.id)).toBe("active");
  });

  it("needs a reason, and is for admins only", async () => {
    const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id });
    expect((await asAdmin.post("/v1/admin/products/take-down", { product_id: product.id })).statusCode).toBe(422);
    expect(
      (await asUser.post("/v1/admin/products/take-down", { product_id: product.id, reason: "Mine" })).json(),
    ).toMatchObject({ detail: { error_code: "INSUFFICIENT_PERMISSIONS" } });
    expect(failure(await takeDown(crypto.randomUUID()))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(await statusOf(product.id)).toBe("active");
  });
});
