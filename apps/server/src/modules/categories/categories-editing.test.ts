import { CATEGORY_IMAGE_FIELD, type AuditLogPage, type Category } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category as CategoryRow } from "../../db/schema/catalog.js";
import { storedImageKeys } from "../../platform/images/image-storage.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import {
  createTestGame,
  createTestProduct,
  createTestSubcategory,
  imagePart,
  sendForm,
  textParts,
} from "../../test/test-catalog.js";
import { testImages } from "../../test/test-images.js";
import { failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * Issue 23: an admin renames a category and changes its descriptions and image, orders a parent's children and
 * deletes an empty category; each change is audit-logged.
 */

let t: TestApp;
let admin: Person;
let user: Person;
const { person } = testPeople("catedit", () => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await person("admin");
  user = await person();
});
afterAll(() => t.close());

const patch = (who: Person, id: string, body: object) => who.client.request("PATCH", `/v1/admin/category/${id}`, body);
const reorder = (who: Person, body: object) => who.client.post("/v1/admin/categories/reorder", body);
const remove = (who: Person, id: string) => who.client.request("DELETE", `/v1/admin/category/${id}`);
const publicList = async () => (await user.client.get("/v1/categories/all")).json() as Category[];
const adminList = async () => (await admin.client.get("/v1/admin/categories")).json() as Category[];
const auditOf = async (targetId: string) =>
  ((await admin.client.get(`/v1/admin/audit-log?target_id=${targetId}`)).json() as AuditLogPage).entries.map(
    ({ action, before, after }) => ({ action, before, after }),
  );
const MISSING = "00000000-0000-4000-8000-000000000000";

describe("PATCH /v1/admin/category/{id}", () => {
  let game: CategoryRow;
  beforeAll(async () => {
    game = await createTestGame(t.database.db, "Rename Me");
  });

  it("renames and redescribes in both languages, keeping the slug, audit-logged with what changed", async () => {
    const response = await patch(admin, game.id, {
      name: "Renamed",
      name_ru: "Переименована",
      description: "New words",
      description_ru: "Новые слова",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Renamed",
      name_ru: "Переименована",
      description: "New words",
      description_ru: "Новые слова",
      slug: game.slug,
      hidden: false,
    });
    expect((await publicList()).find((category) => category.id === game.id)?.name).toBe("Renamed");
    expect(await auditOf(game.id)).toEqual([
      {
        action: "category.update",
        before: {
          name: "Rename Me",
          name_ru: game.nameRu,
          description: game.description,
          description_ru: game.descriptionRu,
        },
        after: { name: "Renamed", name_ru: "Переименована", description: "New words", description_ru: "Новые слова" },
      },
    ]);
    // The game page is still at its old address.
    expect((await user.client.get(`/v1/games/${game.slug}`)).statusCode).toBe(200);
  });

  it("takes an empty Russian name as the English one", async () => {
    const response = await patch(admin, game.id, { name: "Renamed Again", name_ru: "" });
    expect(response.json()).toMatchObject({ name: "Renamed Again", name_ru: "Renamed Again" });
  });

  it("refuses a name a sibling has, in either language, with the creation's conflict code", async () => {
    const kind = await createTestSubcategory(t.database.db, game, "Keys");
    const other = await createTestSubcategory(t.database.db, game, "Skins");
    expect(failure(await patch(admin, other.id, { name: "keys" }))).toEqual([409, "CATEGORY_NAME_ALREADY_EXISTS"]);
    expect(failure(await patch(admin, other.id, { name: "Gold", name_ru: kind.nameRu }))).toEqual([
      409,
      "CATEGORY_NAME_ALREADY_EXISTS",
    ]);
    // Its own name in another case is no clash.
    expect((await patch(admin, other.id, { name: "SKINS" })).json()).toMatchObject({ name: "SKINS" });
  });

  it("applies creation's limits and refuses unknown fields", async () => {
    for (const body of [{ name: "" }, { name: "x".repeat(500) }, { description: "x".repeat(5000) }, { slug: "x" }])
      expect(failure(await patch(admin, game.id, body))[1], JSON.stringify(body)).toBe("VALIDATION_ERROR");
  });

  it("is for admins only and names an existing category", async () => {
    expect(failure(await patch(user, game.id, { name: "Mine" }))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    const guest = await t.app.inject({ method: "PATCH", url: `/v1/admin/category/${game.id}`, payload: { name: "G" } });
    expect(failure(guest)[0]).toBe(401);
    expect(failure(await patch(admin, MISSING, { name: "Nobody" }))).toEqual([404, "CATEGORY_NOT_FOUND"]);
  });
});

describe("PUT /v1/admin/category/{id}/image", () => {
  const replace = async (who: Person | undefined, id: string, content: Buffer, filename = "new.png") =>
    sendForm(t, who?.client, "PUT", `/v1/admin/category/${id}/image`, [
      ...textParts({}),
      imagePart(CATEGORY_IMAGE_FIELD, content, filename),
    ]);

  it("stores the new image through the pipeline and removes the old one's files", async () => {
    const created = (
      await sendForm(t, admin.client, "POST", "/v1/admin/category", [
        ...textParts({ name: "Pictured Game" }),
        imagePart(CATEGORY_IMAGE_FIELD, await testImages.png()),
      ])
    ).json() as Category;
    const oldKeys = storedImageKeys(created.image_url!);
    expect(await t.media.get(oldKeys[0]!)).not.toBeNull();

    const response = await replace(admin, created.id, await testImages.png());
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as Category;
    expect(updated.image_url).toMatch(/^\/media\/categories\/[0-9a-f-]{36}\.png$/);
    expect(updated.image_url).not.toBe(created.image_url);
    expect(await t.media.get(storedImageKeys(updated.image_url!)[0]!)).not.toBeNull();
    for (const key of oldKeys) expect(await t.media.get(key), key).toBeNull();
    expect((await auditOf(created.id))[0]).toEqual({
      action: "category.image",
      before: { image_url: created.image_url },
      after: { image_url: updated.image_url },
    });
  });

  it("refuses what creation refuses, for admins only", async () => {
    const game = await createTestGame(t.database.db);
    expect(failure(await replace(admin, game.id, await testImages.gif(), "a.gif"))).toEqual([
      400,
      "WRONG_IMAGE_FORMAT",
    ]);
    expect(failure(await replace(admin, game.id, Buffer.from("hello")))).toEqual([400, "WRONG_FILE_TYPE"]);
    expect(failure(await replace(user, game.id, await testImages.png()))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    expect(failure(await replace(admin, MISSING, await testImages.png()))).toEqual([404, "CATEGORY_NOT_FOUND"]);
  });
});

describe("POST /v1/admin/categories/reorder", () => {
  it("orders a game's kinds of goods, shown in that order everywhere, audit-logged", async () => {
    const game = await createTestGame(t.database.db);
    const [a, b, c] = [
      await createTestSubcategory(t.database.db, game, "Alpha"),
      await createTestSubcategory(t.database.db, game, "Beta"),
      await createTestSubcategory(t.database.db, game, "Gamma"),
    ];
    const response = await reorder(admin, { parent_id: game.id, ids: [c!.id, a!.id, b!.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Category[]).map(({ name, position }) => [name, position])).toEqual([
      ["Gamma", 0],
      ["Alpha", 1],
      ["Beta", 2],
    ]);
    const kinds = (await publicList()).filter((category) => category.parent_id === game.id);
    expect(kinds.map((kind) => kind.name)).toEqual(["Gamma", "Alpha", "Beta"]);
    const tabs = (await user.client.get(`/v1/games/${game.slug}`)).json() as { subcategories: Category[] };
    expect(tabs.subcategories.map((kind) => kind.name)).toEqual(["Gamma", "Alpha", "Beta"]);
    expect(await auditOf(game.id)).toEqual([
      { action: "category.reorder", before: { ids: [a!.id, b!.id, c!.id] }, after: { ids: [c!.id, a!.id, b!.id] } },
    ]);
  });

  it("takes exactly the siblings, each once", async () => {
    const game = await createTestGame(t.database.db);
    const [a, b] = [
      await createTestSubcategory(t.database.db, game, "One"),
      await createTestSubcategory(t.database.db, game, "Two"),
    ];
    const stranger = await createTestGame(t.database.db);
    for (const ids of [[a!.id], [a!.id, b!.id, stranger.id], [a!.id, a!.id], [a!.id, stranger.id]])
      expect(failure(await reorder(admin, { parent_id: game.id, ids })), JSON.stringify(ids)).toEqual([
        400,
        "CATEGORY_ORDER_MISMATCH",
      ]);
    expect(failure(await reorder(admin, { parent_id: game.id, ids: [] }))[1]).toBe("VALIDATION_ERROR");
    expect(failure(await reorder(admin, { parent_id: MISSING, ids: [a!.id] }))).toEqual([404, "CATEGORY_NOT_FOUND"]);
    expect(failure(await reorder(user, { parent_id: game.id, ids: [b!.id, a!.id] }))).toEqual([
      403,
      "INSUFFICIENT_PERMISSIONS",
    ]);
  });
});

describe("DELETE /v1/admin/category/{id}", () => {
  it("deletes an empty category and its image, audit-logged", async () => {
    const created = (
      await sendForm(t, admin.client, "POST", "/v1/admin/category", [
        ...textParts({ name: "Short Lived" }),
        imagePart(CATEGORY_IMAGE_FIELD, await testImages.png()),
      ])
    ).json() as Category;
    const response = await remove(admin, created.id);
    expect(response.statusCode, response.body).toBe(204);
    expect((await publicList()).some((category) => category.id === created.id)).toBe(false);
    for (const key of storedImageKeys(created.image_url!)) expect(await t.media.get(key), key).toBeNull();
    expect((await auditOf(created.id))[0]).toMatchObject({
      action: "category.delete",
      before: { name: "Short Lived", slug: "short-lived" },
      after: null,
    });
    expect(failure(await remove(admin, created.id))).toEqual([404, "CATEGORY_NOT_FOUND"]);
  });

  it("refuses a game with kinds of goods and a category its sellers still have products in", async () => {
    const game = await createTestGame(t.database.db);
    const kind = await createTestSubcategory(t.database.db, game, "Stocked");
    expect(failure(await remove(admin, game.id))).toEqual([409, "CATEGORY_NOT_EMPTY"]);
    const product = await createTestProduct(t, { sellerId: user.user.id, categoryId: kind.id });
    expect(failure(await remove(admin, kind.id))).toEqual([409, "CATEGORY_NOT_EMPTY"]);
    expect((await publicList()).some((category) => category.id === kind.id)).toBe(true);

    // A product its seller deleted keeps its row, naming the category, which goes from every list all the same.
    const deleted = await user.client.request("DELETE", `/v1/products/?product_id=${product.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await remove(admin, kind.id)).statusCode).toBe(204);
    expect((await publicList()).some((category) => category.id === kind.id)).toBe(false);
    expect((await adminList()).some((category) => category.id === kind.id)).toBe(false);
    expect(failure(await remove(admin, kind.id))).toEqual([404, "CATEGORY_NOT_FOUND"]);

    // Its name and slug are free again beside its game.
    const again = await sendForm(t, admin.client, "POST", "/v1/admin/category", [
      ...textParts({ name: "Stocked", parent_category_id: game.id }),
      imagePart(CATEGORY_IMAGE_FIELD, await testImages.png()),
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Category).slug).toBe("stocked");
  });

  it("is for admins only", async () => {
    const game = await createTestGame(t.database.db);
    expect(failure(await remove(user, game.id))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
  });
});
