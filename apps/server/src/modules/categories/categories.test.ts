import { CATEGORY_DESCRIPTION_MAX, CATEGORY_IMAGE_FIELD, CATEGORY_NAME_MAX } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestSubcategory, imagePart, sendForm, textParts } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { testImages } from "../../test/test-images.js";
import type { FormPart } from "../../test/multipart.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let asAdmin: TestClient;
let asUser: TestClient;
let admin: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.database.db, { username: "cat_admin", role: "admin" });
  asAdmin = await signInAs(t.app, admin);
  asUser = await signInAs(t.app, await createTestUser(t.database.db, { username: "cat_user" }));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const addCategory = async (client: TestClient | undefined, fields: Record<string, string>, image?: FormPart) =>
  sendForm(t, client, "POST", "/v1/admin/category", [
    ...textParts(fields),
    ...(image ? [image] : [imagePart(CATEGORY_IMAGE_FIELD, await testImages.png())]),
  ]);

describe("reading categories", () => {
  let game: Awaited<ReturnType<typeof createTestGame>>;
  let kinds: Awaited<ReturnType<typeof createTestSubcategory>>[];
  beforeAll(async () => {
    game = await createTestGame(t.database.db, "Reading Game");
    kinds = [
      await createTestSubcategory(t.database.db, game, "Keys"),
      await createTestSubcategory(t.database.db, game, "Accounts"),
    ];
  });

  it("GET /categories/all lists games without parent_id and subcategories with it", async () => {
    const response = await get("/v1/categories/all");
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<Record<string, unknown>>;
    const gameItem = list.find((item) => item["id"] === game.id);
    expect(gameItem).toEqual({
      id: game.id,
      name: "Reading Game",
      name_ru: "Reading Game",
      slug: "reading-game",
      description: "Reading Game goods",
      description_ru: "Reading Game goods",
      image_url: null,
      guarantee_days: null,
      position: 0,
      hidden: false,
    });
    expect(list.filter((item) => item["parent_id"] === game.id).map((item) => item["name"])).toEqual([
      "Accounts",
      "Keys",
    ]);
    // Games come first.
    const firstChild = list.findIndex((item) => item["parent_id"] !== undefined);
    expect(list.slice(firstChild).every((item) => item["parent_id"] !== undefined)).toBe(true);
  });

  it("GET /categories/game/{gameId} and /categories/subcategories/{id} list a game's kinds of goods by name", async () => {
    for (const url of [`/v1/categories/game/${game.id}`, `/v1/categories/subcategories/${game.id}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().map((item: { name: string; parent_id: string }) => [item.name, item.parent_id])).toEqual([
        ["Accounts", game.id],
        ["Keys", game.id],
      ]);
    }
    expect((await get(`/v1/categories/subcategories/${kinds[0]!.id}`)).json()).toEqual([]);
  });

  it("answers 404 CATEGORY_NOT_FOUND for an unknown id, and for a subcategory asked as a game", async () => {
    for (const url of [
      `/v1/categories/game/${crypto.randomUUID()}`,
      `/v1/categories/subcategories/${crypto.randomUUID()}`,
      `/v1/categories/game/${kinds[0]!.id}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().detail.error_code).toBe("CATEGORY_NOT_FOUND");
    }
    expect((await get("/v1/categories/game/not-a-uuid")).statusCode).toBe(422);
  });
});

describe("POST /v1/admin/category", () => {
  it("adds a game with a Cyrillic name, a transliterated slug and a stored image", async () => {
    const response = await addCategory(asAdmin, { name: "Мир танков", description: "Танковые бои" });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({ name: "Мир танков", slug: "mir-tankov", description: "Танковые бои" });
    expect(created.parent_id).toBeUndefined();
    expect(created.image_url).toMatch(/^\/media\/categories\/[0-9a-f-]{36}\.png$/);
    expect((await get(created.image_url)).statusCode).toBe(200);
    expect((await get("/v1/categories/all")).json()).toContainEqual(created);
  });

  it("keeps the Russian name and description given, else uses the English ones", async () => {
    const game = await addCategory(asAdmin, {
      name: "Tanks World",
      name_ru: "  Танковая арена ",
      description: "Tank battles",
      description_ru: "Танковые бои",
    });
    expect(game.statusCode, game.body).toBe(200);
    expect(game.json()).toMatchObject({
      name: "Tanks World",
      name_ru: "Танковая арена",
      slug: "tanks-world",
      description: "Tank battles",
      description_ru: "Танковые бои",
    });
    const kind = await addCategory(asAdmin, {
      name: "Gold",
      description: "Gold by mail",
      parent_category_id: game.json().id,
    });
    expect(kind.json()).toMatchObject({
      name: "Gold",
      name_ru: "Gold",
      description: "Gold by mail",
      description_ru: "Gold by mail",
    });
    // A blank Russian field is no Russian name.
    const blank = await addCategory(asAdmin, {
      name: "Silver",
      name_ru: "   ",
      description_ru: " ",
      parent_category_id: game.json().id,
    });
    expect(blank.json()).toMatchObject({ name_ru: "Silver", description_ru: "" });
    expect((await get(`/v1/categories/game/${game.json().id}`)).json()).toEqual([kind.json(), blank.json()]);
    expect((await get("/v1/categories/all")).json()).toContainEqual(game.json());
  });

  it("holds the Russian name and description to the English ones' rules", async () => {
    const keys = await t.media.list!();
    for (const [fields, field] of [
      [{ name: "Long Russian", name_ru: "Я".repeat(CATEGORY_NAME_MAX + 1) }, "name_ru"],
      [{ name: "Nul Russian", name_ru: "Мир\u0000" }, "name_ru"],
      [{ name: "Long Description", description_ru: "я".repeat(CATEGORY_DESCRIPTION_MAX + 1) }, "description_ru"],
    ] as const) {
      const response = await addCategory(asAdmin, fields);
      expect(response.statusCode, field).toBe(422);
      expect(response.json().detail.errors).toEqual([expect.objectContaining({ field })]);
    }
    expect(await t.media.list!()).toEqual(keys);
    expect((await addCategory(asAdmin, { name: "Just Long", name_ru: "Я".repeat(CATEGORY_NAME_MAX) })).statusCode).toBe(
      200,
    );
  });

  it("refuses a Russian name a sibling has (any letter case) with 409 CATEGORY_NAME_ALREADY_EXISTS, naming the field", async () => {
    const game = (await addCategory(asAdmin, { name: "Bilingual Game" })).json();
    const other = (await addCategory(asAdmin, { name: "Another Bilingual Game" })).json();
    await addCategory(asAdmin, { name: "Accounts", name_ru: "Аккаунты", parent_category_id: game.id });
    const keys = await t.media.list!();
    const rows = (await t.database.db.select().from(categories)).length;

    const sameRussian = await addCategory(asAdmin, {
      name: "Profiles",
      name_ru: "АККАУНТЫ",
      parent_category_id: game.id,
    });
    expect([sameRussian.statusCode, sameRussian.json().detail.error_code]).toEqual([
      409,
      "CATEGORY_NAME_ALREADY_EXISTS",
    ]);
    expect(sameRussian.json().detail.errors).toEqual([expect.objectContaining({ field: "name_ru" })]);
    // Without a Russian name the English one is the Russian name, and it clashes the same way.
    const englishOnly = await addCategory(asAdmin, { name: "аккаунты", parent_category_id: game.id });
    expect(englishOnly.json().detail.errors).toEqual([expect.objectContaining({ field: "name_ru" })]);
    const both = await addCategory(asAdmin, { name: "ACCOUNTS", name_ru: "Аккаунты", parent_category_id: game.id });
    expect(both.json().detail.errors.map((error: { field: string }) => error.field)).toEqual(["name", "name_ru"]);
    expect(await t.media.list!()).toEqual(keys);
    expect((await t.database.db.select().from(categories)).length).toBe(rows);

    expect(
      (await addCategory(asAdmin, { name: "Accounts", name_ru: "Аккаунты", parent_category_id: other.id })).statusCode,
    ).toBe(200);
    // Games are siblings of one another too.
    const game2 = await addCategory(asAdmin, { name: "Bilingual Copy", name_ru: "bilingual game" });
    expect(game2.json().detail.errors).toEqual([expect.objectContaining({ field: "name_ru" })]);
  });

  it("adds one of two categories given the same Russian name at once", async () => {
    const game = (await addCategory(asAdmin, { name: "Racing Game" })).json();
    const [first, second] = await Promise.all([
      addCategory(asAdmin, { name: "Coins", name_ru: "Монеты", parent_category_id: game.id }),
      addCategory(asAdmin, { name: "Credits", name_ru: "Монеты", parent_category_id: game.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await get(`/v1/categories/game/${game.id}`)).json()).toHaveLength(1);
  });

  it("adds a subcategory under a game; the same name under another game is fine", async () => {
    const game = (await addCategory(asAdmin, { name: "Subcat Game" })).json();
    const other = (await addCategory(asAdmin, { name: "Other Game" })).json();
    const response = await addCategory(asAdmin, { name: "Аккаунты", parent_category_id: game.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: "Аккаунты", slug: "akkaunty", parent_id: game.id, description: "" });
    expect((await addCategory(asAdmin, { name: "Аккаунты", parent_category_id: other.id })).statusCode).toBe(200);
    expect((await get(`/v1/categories/game/${game.id}`)).json().map((item: { name: string }) => item.name)).toEqual([
      "Аккаунты",
    ]);
  });

  it("numbers the slug when a sibling has it already, and never gives a category a fixed product path", async () => {
    expect((await addCategory(asAdmin, { name: "Slug Clash" })).json().slug).toBe("slug-clash");
    expect((await addCategory(asAdmin, { name: "Slug  Clash!" })).json().slug).toBe("slug-clash-2");
    const search = (await addCategory(asAdmin, { name: "Search" })).json();
    expect(search.slug).toBe("search-2");
    // /products/{game}/stock would be a listing's stock, not this subcategory.
    expect((await addCategory(asAdmin, { name: "Stock", parent_category_id: search.id })).json().slug).toBe("stock-2");
  });

  it("refuses a name a sibling has (any letter case) with 409 CATEGORY_NAME_ALREADY_EXISTS, storing nothing", async () => {
    await addCategory(asAdmin, { name: "Twice Game" });
    const keys = await t.media.list!();
    const response = await addCategory(asAdmin, { name: "twice game" });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail.error_code).toBe("CATEGORY_NAME_ALREADY_EXISTS");
    expect(await t.media.list!()).toEqual(keys);
  });

  it("refuses an unknown parent with 404 PARENT_CATEGORY_NOT_FOUND and a subcategory as parent with 422", async () => {
    const keys = await t.media.list!();
    const rows = (await t.database.db.select().from(categories)).length;
    const missing = await addCategory(asAdmin, { name: "Orphan", parent_category_id: crypto.randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail.error_code).toBe("PARENT_CATEGORY_NOT_FOUND");

    const game = await createTestGame(t.database.db);
    const kind = await createTestSubcategory(t.database.db, game);
    const nested = await addCategory(asAdmin, { name: "Nested", parent_category_id: kind.id });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().detail.errors).toEqual([expect.objectContaining({ field: "parent_category_id" })]);
    expect(await t.media.list!()).toEqual(keys);
    expect((await t.database.db.select().from(categories)).length).toBe(rows + 2);
  });

  it("requires a name and exactly one image, checked by its bytes", async () => {
    const blank = await addCategory(asAdmin, { name: "  " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail.errors).toEqual([expect.objectContaining({ field: "name" })]);

    const noImage = await sendForm(t, asAdmin, "POST", "/v1/admin/category", textParts({ name: "No Image" }));
    expect(noImage.statusCode).toBe(422);
    expect(noImage.json().detail.errors).toEqual([expect.objectContaining({ field: CATEGORY_IMAGE_FIELD })]);

    const gif = await addCategory(
      asAdmin,
      { name: "Gif Game" },
      imagePart(CATEGORY_IMAGE_FIELD, await testImages.gif(), "a.gif"),
    );
    expect([gif.statusCode, gif.json().detail.error_code]).toEqual([400, "WRONG_IMAGE_FORMAT"]);
    const text = await addCategory(
      asAdmin,
      { name: "Text Game" },
      imagePart(CATEGORY_IMAGE_FIELD, Buffer.from("hello"), "a.png"),
    );
    expect([text.statusCode, text.json().detail.error_code]).toEqual([400, "WRONG_FILE_TYPE"]);
  });

  it("is for admins only: 401 for a guest, 403 for a user", async () => {
    const guest = await addCategory(undefined, { name: "Guest Game" });
    expect([guest.statusCode, guest.json().detail.error_code]).toEqual([401, "TOKEN_NOT_FOUND"]);
    const user = await addCategory(asUser, { name: "User Game" });
    expect([user.statusCode, user.json().detail.error_code]).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
  });
});
