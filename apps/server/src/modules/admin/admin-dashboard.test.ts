import { CATEGORY_IMAGE_FIELD, type AuditLogPage, type DashboardInfo } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { disputes } from "../../db/schema/deals.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, imagePart, sendForm, textParts } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestDeal } from "../../test/test-deals.js";
import { testImages } from "../../test/test-images.js";
import { adjustBalanceAs } from "../../test/test-money.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let admin: User;
let asAdmin: TestClient;
let seller: User;
let buyer: User;
let game: Category;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await createTestUser(db, { username: "dash_admin", role: "admin" });
  asAdmin = await signInAs(t.app, admin);
  seller = await createTestUser(db, { username: "dash_seller" });
  buyer = await createTestUser(db, { username: "dash_buyer" });
  game = await createTestGame(db, "Dashboard Game");
});
afterAll(() => t.close());

describe("GET /v1/admin/dashboard-info", () => {
  it("counts users, products not deleted, the moderation queue, open disputes and the last seven days' deals in roubles", async () => {
    const db = t.database.db;
    await createTestProduct(t, { sellerId: seller.id, categoryId: game.id });
    await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, status: "moderation" });
    await createTestProduct(t, {
      sellerId: seller.id,
      categoryId: game.id,
      status: "moderation",
      deletedAt: new Date(),
    });
    await createTestDeal(t, { sellerId: seller.id, buyerId: buyer.id, categoryId: game.id, priceKopecks: 100_00 });
    const { deal: disputed } = await createTestDeal(t, {
      sellerId: seller.id,
      buyerId: buyer.id,
      categoryId: game.id,
      status: "disputed",
      priceKopecks: 49_50,
    });
    await db
      .insert(disputes)
      .values({ dealId: disputed.id, openedBy: buyer.id, reason: "not_received", text: "Nothing arrived" });
    await createTestDeal(t, {
      sellerId: seller.id,
      buyerId: buyer.id,
      categoryId: game.id,
      priceKopecks: 999_00,
      createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
    });

    const response = await asAdmin.get("/v1/admin/dashboard-info");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as DashboardInfo).toEqual({
      count_of_users: 3,
      // Two listed, one per deal; the deleted one is left out.
      count_of_products: 5,
      products_in_moderation: 1,
      open_disputes: 1,
      deals_last_7_days: 2,
      turnover_last_7_days: 149.5,
      // These deals are written without money moving through the ledger; the wallet's figures have their own test.
      top_ups_last_7_days: 0,
      payouts_last_7_days: 0,
      commission_earned: 0,
      held_in_escrow: 0,
      pending_withdrawals: 0,
      withdrawals_waiting: 0,
    });
  });
});

describe("GET /v1/admin/audit-log", () => {
  it("has a row with before and after for each admin action, newest first, filtered by target on request", async () => {
    const approved = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, status: "moderation" });
    const rejected = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, status: "moderation" });
    expect((await asAdmin.post("/v1/admin/products/approve", { product_id: approved.id })).statusCode).toBe(200);
    expect((await asAdmin.post("/v1/admin/products/reject", { product_id: rejected.id })).statusCode).toBe(200);
    const created = await sendForm(t, asAdmin, "POST", "/v1/admin/category", [
      ...textParts({ name: "Audited Kind", description: "Logged", parent_category_id: game.id }),
      imagePart(CATEGORY_IMAGE_FIELD, await testImages.png()),
    ]);
    expect(created.statusCode, created.body).toBe(200);
    await adjustBalanceAs(asAdmin, buyer.id, 20);
    expect((await asAdmin.request("PATCH", `/v1/admin/user/${buyer.id}`, { is_active: false })).statusCode).toBe(200);
    expect((await asAdmin.post("/v1/admin/ban-user", { id: buyer.id })).statusCode).toBe(200);
    expect((await asAdmin.post("/v1/admin/unban-user", { user_id: buyer.id })).statusCode).toBe(200);

    const log = (await asAdmin.get("/v1/admin/audit-log?per_page=7")).json() as AuditLogPage;
    expect([log.total, log.total_pages, log.page]).toEqual([7, 1, 1]);
    expect(log.entries.map((entry) => [entry.action, entry.target_type])).toEqual([
      ["user.unban", "user"],
      ["user.ban", "user"],
      ["user.update", "user"],
      ["user.balance_adjustment", "user"],
      ["category.create", "category"],
      ["product.reject", "product"],
      ["product.approve", "product"],
    ]);
    for (const entry of log.entries) expect(entry.admin).toEqual({ id: admin.id, username: "dash_admin" });
    const byAction = Object.fromEntries(log.entries.map((entry) => [entry.action, entry]));
    expect(byAction["product.approve"]).toMatchObject({
      target_id: approved.id,
      before: { status: "moderation" },
      after: { status: "active" },
    });
    expect(byAction["product.reject"]).toMatchObject({
      target_id: rejected.id,
      before: { status: "moderation" },
      after: { status: "rejected" },
    });
    expect(byAction["category.create"]).toMatchObject({
      target_id: created.json().id,
      before: null,
      after: { name: "Audited Kind", parent_id: game.id },
    });
    expect(byAction["user.balance_adjustment"]).toMatchObject({
      target_id: buyer.id,
      before: { balance: 0 },
      after: { balance: 20, amount: 20 },
    });
    expect(byAction["user.update"]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    expect(byAction["user.ban"]).toMatchObject({ before: { is_banned: false }, after: { is_banned: true } });

    const products = (await asAdmin.get("/v1/admin/audit-log?target_type=product")).json() as AuditLogPage;
    expect(products.entries.map((entry) => entry.target_id)).toEqual([rejected.id, approved.id]);
    const one = (
      await asAdmin.get(`/v1/admin/audit-log?target_type=user&target_id=${buyer.id}&per_page=2&page=2`)
    ).json() as AuditLogPage;
    expect([one.total, one.total_pages, one.entries.map((entry) => entry.action)]).toEqual([
      4,
      2,
      ["user.update", "user.balance_adjustment"],
    ]);
    expect((await asAdmin.get("/v1/admin/audit-log?target_type=planet")).statusCode).toBe(422);
  });

  it("filters by admin, by action and by target, and names each target in the row", async () => {
    const a = await createTestApp();
    try {
      const db = a.database.db;
      const first = await createTestUser(db, { username: "first_admin", role: "admin" });
      const second = await createTestUser(db, { username: "second_admin", role: "admin" });
      const asFirst = await signInAs(a.app, first);
      const asSecond = await signInAs(a.app, second);
      const owner = await createTestUser(db, { username: "owner_one" });
      const kind = await createTestGame(db, "Named Game");
      const listing = await createTestProduct(a, {
        sellerId: owner.id,
        categoryId: kind.id,
        status: "moderation",
        title: "Named listing title",
      });
      const { deal } = await createTestDeal(a, {
        sellerId: owner.id,
        buyerId: second.id,
        categoryId: kind.id,
        title: "Bought listing title",
      });
      // The log is newest first, and PGlite's clock counts whole milliseconds: two entries in one would tie on
      // created_at and come in either order, so each is recorded in a later millisecond than the one before.
      const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
      expect((await asFirst.post("/v1/admin/products/approve", { product_id: listing.id })).statusCode).toBe(200);
      await nextMillisecond();
      expect((await asFirst.request("PATCH", `/v1/admin/user/${owner.id}`, { is_active: false })).statusCode).toBe(200);
      await nextMillisecond();
      expect((await asSecond.post("/v1/admin/ban-user", { id: owner.id })).statusCode).toBe(200);
      await nextMillisecond();
      await recordAdminAction(db, second, {
        action: "deal.resolve",
        targetType: "deal",
        targetId: deal.id,
        before: { status: "disputed" },
        after: { status: "completed" },
      });
      await nextMillisecond();
      await recordAdminAction(db, second, {
        action: "category.update",
        targetType: "category",
        targetId: kind.id,
        before: null,
        after: null,
      });
      const rows = async (query: string) =>
        ((await asFirst.get(`/v1/admin/audit-log?${query}`)).json() as AuditLogPage).entries.map((entry) => [
          entry.admin.username,
          entry.action,
          entry.target_name,
        ]);

      expect(await rows("")).toEqual([
        ["second_admin", "category.update", "Named Game"],
        ["second_admin", "deal.resolve", "Bought listing title"],
        ["second_admin", "user.ban", "owner_one"],
        ["first_admin", "user.update", "owner_one"],
        ["first_admin", "product.approve", "Named listing title"],
      ]);
      expect(await rows(`admin_id=${first.id}`)).toEqual([
        ["first_admin", "user.update", "owner_one"],
        ["first_admin", "product.approve", "Named listing title"],
      ]);
      expect(await rows("action=user.ban")).toEqual([["second_admin", "user.ban", "owner_one"]]);
      expect(await rows(`admin_id=${first.id}&action=user.ban`)).toEqual([]);
      expect(await rows(`target_type=user&target_id=${owner.id}`)).toEqual([
        ["second_admin", "user.ban", "owner_one"],
        ["first_admin", "user.update", "owner_one"],
      ]);
      expect(await rows(`target_type=deal`)).toEqual([["second_admin", "deal.resolve", "Bought listing title"]]);
      const paged = (
        await asFirst.get(`/v1/admin/audit-log?admin_id=${second.id}&per_page=2&page=2`)
      ).json() as AuditLogPage;
      expect([paged.total, paged.total_pages, paged.entries.map((entry) => entry.action)]).toEqual([
        3,
        2,
        ["user.ban"],
      ]);
      expect((await asFirst.get("/v1/admin/audit-log?admin_id=not-a-uuid")).statusCode).toBe(422);
    } finally {
      await a.close();
    }
  });
});
