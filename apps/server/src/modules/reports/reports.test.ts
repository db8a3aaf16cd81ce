import type { Report, ReportPage } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { failure } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * Issue 19, reports: any signed-in user reports a listing or a user; admins work through the queue, resolving or
 * dismissing each report once.
 */

let t: TestApp;
let seller: User;
let asSeller: TestClient;
let asAdmin: TestClient;
let game: Category;
let people = 0;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t.database.db, { username: "rep_seller" });
  asSeller = await signInAs(t.app, seller);
  asAdmin = await signInAs(t.app, await createTestUser(t.database.db, { username: "rep_admin", role: "admin" }));
  game = await createTestGame(t.database.db, "Reported Game");
});
afterAll(() => t.close());

/** A new signed-in user, so each test's reports and rate limit are its own. */
async function reporter(): Promise<{ user: User; client: TestClient }> {
  people += 1;
  const user = await createTestUser(t.database.db, { username: `rep_user_${people}` });
  return { user, client: await signInAs(t.app, user) };
}
const listing = (values: { status?: "active" | "moderation"; title?: string } = {}) =>
  createTestProduct(t, { sellerId: seller.id, categoryId: game.id, title: "Suspicious key", ...values });
const reportProduct = (client: TestClient, productId: string, extra: object = {}) =>
  client.post("/v1/reports", { target: "product", product_id: productId, reason: "fraud", ...extra });
const queue = async (query = "") => (await asAdmin.get(`/v1/admin/reports${query}`)).json() as ReportPage;
const resolve = (id: string, body: object) => asAdmin.post(`/v1/admin/reports/${id}/resolve`, body);

describe("POST /reports", () => {
  it("reports a listing: the answer and the admin's queue show it with its target and reporter", async () => {
    const { user, client } = await reporter();
    const product = await listing();
    const response = await reportProduct(client, product.id, { text: "  The key was already used  " });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as Report;
    expect(report).toEqual({
      id: expect.any(String),
      target: "product",
      product: { id: product.id, title: "Suspicious key", thumbnail_url: expect.any(String), status: "active" },
      user: null,
      reason: "fraud",
      text: "The key was already used",
      status: "open",
      reporter: { id: user.id, username: user.username },
      resolution_note: null,
      resolved_by: null,
      created_at: expect.any(String),
      resolved_at: null,
    });
    expect((await queue("?status=open&per_page=100")).reports.map((item) => item.id)).toContain(report.id);
  });

  it("reports a user by username in any letter case", async () => {
    const { client } = await reporter();
    const response = await client.post("/v1/reports", {
      target: "user",
      username: "REP_SELLER",
      reason: "offensive",
      text: "Insults buyers in the chat",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      target: "user",
      product: null,
      user: { id: seller.id, username: "rep_seller", is_banned: false },
      reason: "offensive",
    });
  });

  it("answers the open report again for a repeat, and takes a new one once it is decided", async () => {
    const { client } = await reporter();
    const product = await listing();
    const first = (await reportProduct(client, product.id)).json() as Report;
    const again = await reportProduct(client, product.id, { reason: "spam" });
    expect([again.statusCode, again.json().id, again.json().reason]).toEqual([200, first.id, "fraud"]);

    expect((await resolve(first.id, { status: "dismissed" })).statusCode).toBe(200);
    const fresh = (await reportProduct(client, product.id, { reason: "spam" })).json() as Report;
    expect(fresh.id).not.toBe(first.id);
    expect([fresh.status, fresh.reason]).toEqual(["open", "spam"]);
  });

  it("keeps one open report when the same report arrives many times at once", async () => {
    const { client } = await reporter();
    const product = await listing();
    const answers = await Promise.all(Array.from({ length: 8 }, () => reportProduct(client, product.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const mine = (await queue("?per_page=100")).reports.filter((report) => report.product?.id === product.id);
    expect(mine).toHaveLength(1);
  });

  it("refuses a report about oneself or one's own listing (409 CANNOT_REPORT_YOURSELF)", async () => {
    const own = await listing();
    expect(failure(await reportProduct(asSeller, own.id))).toEqual([409, "CANNOT_REPORT_YOURSELF"]);
    const self = await asSeller.post("/v1/reports", { target: "user", username: "rep_seller", reason: "spam" });
    expect(failure(self)).toEqual([409, "CANNOT_REPORT_YOURSELF"]);
  });

  it("answers 404 for a listing the reporter cannot see or a user who does not exist", async () => {
    const { client } = await reporter();
    const hidden = await listing({ status: "moderation" });
    for (const id of [hidden.id, crypto.randomUUID()])
      expect(failure(await reportProduct(client, id))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    const nobody = await client.post("/v1/reports", { target: "user", username: "nobody_here", reason: "spam" });
    expect(failure(nobody)).toEqual([404, "USER_NOT_FOUND"]);
  });

  it("refuses a report that does not say what it is about, or `other` without words (422)", async () => {
    const { client } = await reporter();
    const product = await listing();
    const cases: Array<[object, string]> = [
      [{ target: "product", reason: "fraud" }, "product_id"],
      [{ target: "user", reason: "fraud" }, "username"],
      [{ target: "user", username: "rep_seller", product_id: product.id, reason: "fraud" }, "product_id"],
      [{ target: "product", product_id: product.id, reason: "other", text: "bad" }, "text"],
      [{ target: "product", product_id: product.id, reason: "scam" }, "reason"],
      [{ target: "product", product_id: product.id, reason: "spam", text: "x".repeat(1001) }, "text"],
    ];
    for (const [body, field] of cases) {
      const response = await client.post("/v1/reports", body);
      expect([
        response.statusCode,
        response.json().detail.errors.map((error: { field: string }) => error.field),
      ]).toEqual([422, [field]]);
    }
    expect((await queue("?per_page=100")).reports.filter((report) => report.product?.id === product.id)).toEqual([]);
  });

  it("takes at most 10 reports an hour from one user (429 REPORT_RATE_LIMITED); repeats do not count", async () => {
    const { client } = await reporter();
    const products = [];
    for (let i = 0; i < 11; i++) products.push(await listing());
    for (const product of products.slice(0, 10)) {
      expect((await reportProduct(client, product.id)).statusCode).toBe(200);
      expect((await reportProduct(client, product.id)).statusCode).toBe(200);
    }
    const refused = await reportProduct(client, products[10]!.id);
    expect(failure(refused)).toEqual([429, "REPORT_RATE_LIMITED"]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("the admins' queue", () => {
  it("lists reports newest first, pages them and filters them by status", async () => {
    const a = await createTestApp();
    try {
      const db = a.database.db;
      const owner = await createTestUser(db, { username: "rep_q_seller" });
      const admin = await signInAs(a.app, await createTestUser(db, { username: "rep_q_admin", role: "admin" }));
      const sender = await signInAs(a.app, await createTestUser(db, { username: "rep_q_user" }));
      const category = await createTestGame(db, "Queued Game");
      const made: Report[] = [];
      for (const title of ["First", "Second", "Third"]) {
        const product = await createTestProduct(a, { sellerId: owner.id, categoryId: category.id, title });
        made.push(
          (await sender.post("/v1/reports", { target: "product", product_id: product.id, reason: "spam" })).json(),
        );
      }
      await admin.post(`/v1/admin/reports/${made[1]!.id}/resolve`, { status: "resolved", note: "Removed" });

      const all = (await admin.get("/v1/admin/reports")).json() as ReportPage;
      expect([all.total, all.page, all.total_pages]).toEqual([3, 1, 1]);
      expect(all.reports.map((report) => report.product?.title)).toEqual(["Third", "Second", "First"]);
      const second = (await admin.get("/v1/admin/reports?per_page=2&page=2")).json() as ReportPage;
      expect([second.total_pages, second.reports.map((report) => report.id)]).toEqual([2, [made[0]!.id]]);
      const open = (await admin.get("/v1/admin/reports?status=open")).json() as ReportPage;
      expect(open.reports.map((report) => report.id)).toEqual([made[2]!.id, made[0]!.id]);
      const resolved = (await admin.get("/v1/admin/reports?status=resolved")).json() as ReportPage;
      expect(resolved.reports.map((report) => report.id)).toEqual([made[1]!.id]);
      expect((await admin.get("/v1/admin/reports?status=closed")).statusCode).toBe(422);
    } finally {
      await a.close();
    }
  });

  it("resolves or dismisses an open report once, with the note and the admin, in the audit log", async () => {
    const { client } = await reporter();
    const report = (await reportProduct(client, (await listing()).id)).json() as Report;

    const response = await resolve(report.id, { status: "resolved", note: "  Listing taken down  " });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: report.id,
      status: "resolved",
      resolution_note: "Listing taken down",
      resolved_by: { username: "rep_admin" },
      resolved_at: expect.any(String),
    });
    const [entry] = (await asAdmin.get(`/v1/admin/audit-log?target_type=report&target_id=${report.id}`)).json().entries;
    expect(entry).toMatchObject({
      action: "report.resolve",
      before: { status: "open" },
      after: { status: "resolved", note: "Listing taken down" },
    });

    for (const status of ["resolved", "dismissed"])
      expect(failure(await resolve(report.id, { status }))).toEqual([409, "REPORT_ALREADY_DECIDED"]);
    expect(failure(await resolve(crypto.randomUUID(), { status: "dismissed" }))).toEqual([404, "REPORT_NOT_FOUND"]);
    expect((await resolve(report.id, { status: "open" })).statusCode).toBe(422);
  });

  it("decides a report once when two admins decide it at the same moment", async () => {
    const { client } = await reporter();
    const report = (await reportProduct(client, (await listing()).id)).json() as Report;
    const other = await signInAs(
      t.app,
      await createTestUser(t.database.db, { username: "rep_admin_2", role: "admin" }),
    );
    const answers = await Promise.all([
      asAdmin.post(`/v1/admin/reports/${report.id}/resolve`, { status: "resolved" }),
      other.post(`/v1/admin/reports/${report.id}/resolve`, { status: "dismissed" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const audit = (await asAdmin.get(`/v1/admin/audit-log?target_type=report&target_id=${report.id}`)).json();
    expect(audit.entries).toHaveLength(1);
  });

  it("is for admins only", async () => {
    const { client } = await reporter();
    const report = (await reportProduct(client, (await listing()).id)).json() as Report;
    expect(failure(await client.get("/v1/admin/reports"))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    expect(failure(await client.post(`/v1/admin/reports/${report.id}/resolve`, { status: "dismissed" }))).toEqual([
      403,
      "INSUFFICIENT_PERMISSIONS",
    ]);
    const guest = await t.app.inject({ method: "POST", url: "/v1/reports", payload: { target: "user" } });
    expect(failure(guest)).toEqual([401, "TOKEN_NOT_FOUND"]);
  });
});
