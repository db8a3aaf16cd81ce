import type { AuditLogPage, Category, ProductWithSellerStats } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category as CategoryRow } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * Issue 22: PATCH /v1/admin/category/{id} sets a category's guarantee period, and a product shows the guarantee
 * its buyers get: its kind of goods' own period, else its game's, else none.
 */

let t: TestApp;
let admin: Person;
let user: Person;
let game: CategoryRow;
let kind: CategoryRow;
const { person } = testPeople("catpatch", () => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await person("admin");
  user = await person();
  game = await createTestGame(t.database.db);
  kind = await createTestSubcategory(t.database.db, game, "Accounts");
});
afterAll(() => t.close());

const patch = (who: Person, id: string, body: object) => who.client.request("PATCH", `/v1/admin/category/${id}`, body);

describe("PATCH /v1/admin/category/{id}", () => {
  it("sets the guarantee period and clears it with null, audit-logged", async () => {
    const set = await patch(admin, kind.id, { guarantee_days: 14 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: kind.id, parent_id: game.id, guarantee_days: 14 });
    const all = (await user.client.get("/v1/categories/all")).json() as Category[];
    expect(all.find((category) => category.id === kind.id)?.guarantee_days).toBe(14);

    expect((await patch(admin, kind.id, { guarantee_days: null })).json()).toMatchObject({ guarantee_days: null });
    const log = (await admin.client.get(`/v1/admin/audit-log?target_id=${kind.id}`)).json() as AuditLogPage;
    expect(log.entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "category.update", before: { guarantee_days: 14 }, after: { guarantee_days: null } },
      { action: "category.update", before: { guarantee_days: null }, after: { guarantee_days: 14 } },
    ]);
  });

  it("takes whole days from 0 to 365 and no unknown field", async () => {
    for (const body of [{ guarantee_days: 366 }, { guarantee_days: -1 }, { guarantee_days: 1.5 }, { slug: "x" }, {}])
      expect(failure(await patch(admin, kind.id, body))[1], JSON.stringify(body)).toBe("VALIDATION_ERROR");
    expect((await patch(admin, kind.id, { guarantee_days: 365 })).statusCode).toBe(200);
    expect((await patch(admin, kind.id, { guarantee_days: 0 })).statusCode).toBe(200);
  });

  it("is for admins only and names an existing category", async () => {
    expect(failure(await patch(user, kind.id, { guarantee_days: 3 }))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    expect(failure(await patch(admin, "00000000-0000-4000-8000-000000000000", { guarantee_days: 3 }))).toEqual([
      404,
      "CATEGORY_NOT_FOUND",
    ]);
  });
});

describe("the guarantee a product shows", () => {
  it("is its kind's own period, else its game's, else none, and follows a change at once", async () => {
    const otherGame = await createTestGame(t.database.db);
    const otherKind = await createTestSubcategory(t.database.db, otherGame, "Items");
    const inKind = await createTestProduct(t, { sellerId: user.user.id, categoryId: otherKind.id });
    const inGame = await createTestProduct(t, { sellerId: user.user.id, categoryId: otherGame.id });
    const shown = async (productId: string) =>
      ((await t.app.inject({ method: "GET", url: `/v1/products/${productId}` })).json() as ProductWithSellerStats)
        .guarantee_days;

    expect([await shown(inKind.id), await shown(inGame.id)]).toEqual([0, 0]);
    await patch(admin, otherGame.id, { guarantee_days: 7 });
    expect([await shown(inKind.id), await shown(inGame.id)]).toEqual([7, 7]);
    await patch(admin, otherKind.id, { guarantee_days: 0 });
    expect([await shown(inKind.id), await shown(inGame.id)]).toEqual([0, 7]);
    await patch(admin, otherKind.id, { guarantee_days: 21 });
    expect([await shown(inKind.id), await shown(inGame.id)]).toEqual([21, 7]);
  });
});
