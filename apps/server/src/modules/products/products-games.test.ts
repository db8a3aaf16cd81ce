import { CATEGORY_IMAGE_FIELD, LISTING_COUNT_CAP, type Category, type GamePage } from "@lootlane/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestProduct, imagePart, sendForm, textParts, type TestProductValues } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { testImages } from "../../test/test-images.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * GET /v1/games/{gameSlug} (issue 21): what a game's page shows above its listing. Counts are of products on sale
 * (active, not deleted), stop at LISTING_COUNT_CAP, and follow every change to the catalogue at once.
 */

let t: TestApp;
let seller: User;
let asAdmin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createTestUser(t.database.db, { username: "games_seller" });
  asAdmin = await signInAs(t.app, await createTestUser(t.database.db, { username: "games_admin", role: "admin" }));
});
afterAll(() => t.close());

const guestGet = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const gamePage = async (slug: string) => {
  const response = await guestGet(`/v1/games/${slug}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GamePage;
};
const counts = (page: GamePage) => [
  page.product_count,
  ...page.subcategories.map((subcategory) => [subcategory.name, subcategory.product_count]),
];

/** A category as the admin adds it (with a Russian name and description when given). */
async function addCategory(fields: Record<string, string>): Promise<Category> {
  const response = await sendForm(t, asAdmin, "POST", "/v1/admin/category", [
    ...textParts(fields),
    imagePart(CATEGORY_IMAGE_FIELD, await testImages.png()),
  ]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Category;
}

describe("GET /v1/games/{gameSlug}", () => {
  it("shows the game and each subcategory by name with the products on sale in it; the game's own count the total", async () => {
    const game = await addCategory({
      name: "Counted Game",
      name_ru: "Игра со счётом",
      description: "A game to count",
      description_ru: "Игра, чтобы считать",
    });
    const accounts = await addCategory({ name: "Accounts", name_ru: "Аккаунты", parent_category_id: game.id });
    const keys = await addCategory({ name: "Keys", name_ru: "Ключи", parent_category_id: game.id });
    const boosting = await addCategory({ name: "Boosting", parent_category_id: game.id });
    const other = await addCategory({ name: "Uncounted Game" });
    const put = (categoryId: string, values: Partial<TestProductValues>) =>
      createTestProduct(t, { sellerId: seller.id, categoryId, ...values });
    await put(accounts.id, {});
    await put(accounts.id, {});
    // Not on sale: none of these is counted anywhere.
    for (const status of ["moderation", "paused", "rejected", "purchased", "completed", "suspended"] as const)
      await put(accounts.id, { status });
    await put(accounts.id, { deletedAt: new Date() });
    await put(keys.id, {});
    // Filed under the game itself: in its total, in no tab.
    await put(game.id, {});
    await put(other.id, {});

    const page = await gamePage(game.slug);
    expect(page.game).toEqual(game);
    expect(page.game).toMatchObject({ name_ru: "Игра со счётом", description_ru: "Игра, чтобы считать" });
    expect(page.subcategories).toEqual([
      { ...accounts, product_count: 2 },
      { ...boosting, name_ru: "Boosting", product_count: 0 },
      { ...keys, product_count: 1 },
    ]);
    expect(page.product_count).toBe(4);
    expect((await gamePage(other.slug)).product_count).toBe(1);
  });

  it("answers 404 CATEGORY_NOT_FOUND for an unknown slug and for a subcategory's slug", async () => {
    const game = await addCategory({ name: "Slugged Game" });
    const kind = await addCategory({ name: "Only A Kind", parent_category_id: game.id });
    for (const slug of ["no-such-game", kind.slug]) {
      const response = await guestGet(`/v1/games/${slug}`);
      expect([response.statusCode, response.json().detail.error_code], slug).toEqual([404, "CATEGORY_NOT_FOUND"]);
    }
  });

  it("shows an approved product in the counts at once, and answers 304 while nothing changed", async () => {
    const game = await addCategory({ name: "Approved Game" });
    const kind = await addCategory({ name: "Items", parent_category_id: game.id });
    await createTestProduct(t, { sellerId: seller.id, categoryId: kind.id });
    const first = await guestGet(`/v1/games/${game.slug}`);
    expect(counts(first.json())).toEqual([1, ["Items", 1]]);
    const etag = first.headers.etag as string;
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const unchanged = await guestGet(`/v1/games/${game.slug}`, { "if-none-match": etag });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, ""]);

    const waiting = await createTestProduct(t, { sellerId: seller.id, categoryId: kind.id, status: "moderation" });
    expect((await asAdmin.post("/v1/admin/products/approve", { product_id: waiting.id })).statusCode).toBe(200);

    const changed = await guestGet(`/v1/games/${game.slug}`, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(counts(changed.json())).toEqual([2, ["Items", 2]]);
  });

  it("stops counting at LISTING_COUNT_CAP, in the game and in a subcategory", async () => {
    const game = await addCategory({ name: "Crowded Game" });
    const crowded = await addCategory({ name: "Crowded", parent_category_id: game.id });
    const quiet = await addCategory({ name: "Quiet", parent_category_id: game.id });
    // One past the cap, written in one statement: through the API this would take minutes.
    await t.database.db.execute(sql`
      insert into products (seller_id, category_id, game_id, title, description, price_kopecks, status, listed_at)
      select ${seller.id}::uuid, ${crowded.id}::uuid, ${game.id}::uuid, 'Crowded listing', 'One of very many',
             100, 'active', now()
      from generate_series(1, ${LISTING_COUNT_CAP + 1})`);
    await createTestProduct(t, { sellerId: seller.id, categoryId: quiet.id });

    expect(counts(await gamePage(game.slug))).toEqual([
      LISTING_COUNT_CAP,
      ["Crowded", LISTING_COUNT_CAP],
      ["Quiet", 1],
    ]);
  });
});
