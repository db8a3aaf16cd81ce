import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client.js";
import { categories, type NewProduct, products } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import { createTestDatabase } from "../../test/test-database.js";
import { searchProductIds, type ProductSearch } from "./products-search.service.js";

let database: Database;
let db: Db;
let sellerId: string;
let minecraftId: string;
let dotaId: string;
/** Product ids by a short name, so expectations read as listings rather than uuids. */
const ids = new Map<string, string>();

const DAY_MS = 86_400_000;
const now = Date.now();

async function add(
  name: string,
  values: Partial<NewProduct> & { title: string; description: string; daysOld: number },
): Promise<void> {
  const { daysOld, ...columns } = values;
  const [row] = await db
    .insert(products)
    .values({
      sellerId,
      categoryId: minecraftId,
      gameId: columns.categoryId ?? minecraftId,
      priceKopecks: 500_00,
      productDataEncrypted: "v1:x",
      status: "active",
      createdAt: new Date(now - daysOld * DAY_MS),
      ...columns,
    })
    .returning({ id: products.id });
  ids.set(name, row!.id);
}

/** Names of the found products in the order found. */
async function search(q: string, options: Partial<ProductSearch> = {}): Promise<string[]> {
  const names = new Map([...ids].map(([name, id]) => [id, name]));
  const result = await searchProductIds(db, { q, limit: 30, offset: 0, ...options });
  return result.ids.map((id) => names.get(id) ?? id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  [{ id: sellerId }] = (await db
    .insert(users)
    .values({ email: "seller@example.com", username: "seller", passwordHash: "x" })
    .returning({ id: users.id })) as [{ id: string }];
  [{ id: minecraftId }, { id: dotaId }] = (await db
    .insert(categories)
    .values([
      { name: "Minecraft", nameRu: "Minecraft", slug: "minecraft" },
      { name: "Dota 2", nameRu: "Dota 2", slug: "dota-2" },
    ])
    .returning({ id: categories.id })) as [{ id: string }, { id: string }];

  await add("minecraft-premium", {
    title: "Minecraft Premium account",
    description: "Full access, e-mail included.",
    daysOld: 3,
    priceKopecks: 900_00,
  });
  await add("minecraft-coins", {
    title: "Coins for Bedrock",
    description: "Top-up for Minecraft Bedrock edition.",
    daysOld: 1,
    priceKopecks: 150_00,
  });
  await add("minecraft-old", {
    title: "Old Minecraft account",
    description: "Migrated Java account with capes.",
    daysOld: 30,
    priceKopecks: 300_00,
  });
  await add("ru-account", {
    title: "Аккаунт Dota 2 с арканой",
    description: "Родная почта, без банов.",
    daysOld: 2,
    categoryId: dotaId,
    priceKopecks: 2500_00,
  });
  await add("ru-boost", {
    title: "Буст рейтинга Dota 2",
    description: "Играю на вашем аккаунте, быстро.",
    daysOld: 1,
    categoryId: dotaId,
    priceKopecks: 1200_00,
  });
  await add("arcana", {
    title: "Arcana set for Phantom Assassin",
    description: "Dota 2 item sent by trade offer.",
    daysOld: 5,
    categoryId: dotaId,
    priceKopecks: 1800_00,
  });
  await add("percent", {
    title: "Discount 100% on boosting",
    description: "Only_today for new buyers, path C:\\games.",
    daysOld: 4,
    categoryId: dotaId,
  });
  await add("moderation", {
    title: "Minecraft account waiting for review",
    description: "Not approved yet.",
    daysOld: 0,
    status: "moderation",
  });
  await add("sold", {
    title: "Minecraft account already sold",
    description: "Completed deal.",
    daysOld: 0,
    status: "completed",
  });
  await add("deleted", {
    title: "Minecraft account deleted",
    description: "Soft deleted.",
    daysOld: 0,
    deletedAt: new Date(),
  });
});
afterAll(() => database.close());

describe("searchProductIds", () => {
  it("matches every word in any order, in the title or the description, case-insensitively", async () => {
    expect(await search("ACCOUNT minecraft")).toEqual(["minecraft-premium", "minecraft-old"]);
    expect(await search("premium MINECRAFT account")).toEqual(["minecraft-premium"]);
    expect(await search("capes migrated")).toEqual(["minecraft-old"]);
    expect(await search("minecraft premium capes")).toEqual([]);
  });

  it("finds Russian words, with typos, in titles", async () => {
    expect(await search("аккаунт дота")).toEqual([]);
    expect(await search("аккаунт dota")).toEqual(["ru-account", "ru-boost"]);
    expect(await search("акаунт")).toEqual(["ru-account"]);
    expect(await search("акккаунт арканой")).toEqual(["ru-account"]);
    expect(await search("родная почта")).toEqual(["ru-account"]);
  });

  it("forgives a typo or an unfinished word of four or more letters, but not in short words", async () => {
    expect(await search("Mincraft account")).toEqual(["minecraft-premium", "minecraft-old"]);
    expect(await search("Minecraf premium")).toEqual(["minecraft-premium"]);
    expect(await search("arcan phantom")).toEqual(["arcana"]);
    expect(await search("drta")).toEqual([]);
    expect(await search("olt minecraft")).toEqual([]);
  });

  it("ranks listings with every word in the title above the others, each newest first", async () => {
    // minecraft-coins names Minecraft only in its description, and is the newest of the three.
    expect(await search("minecraft")).toEqual(["minecraft-premium", "minecraft-old", "minecraft-coins"]);
    // ru-boost has the word in its description only, ru-account in its title.
    expect(await search("аккаунт")).toEqual(["ru-account", "ru-boost"]);
  });

  it("leaves out listings that are not active or are deleted", async () => {
    const found = await search("minecraft account");
    expect(found).not.toContain("moderation");
    expect(found).not.toContain("sold");
    expect(found).not.toContain("deleted");
  });

  it("filters by categories and by an inclusive price range in kopecks", async () => {
    expect(await search("minecraft", { categoryIds: [dotaId] })).toEqual([]);
    expect(await search("dota", { categoryIds: [dotaId, minecraftId] })).toEqual(["ru-boost", "ru-account", "arcana"]);
    expect(await search("minecraft", { minPriceKopecks: 300_00, maxPriceKopecks: 900_00 })).toEqual([
      "minecraft-premium",
      "minecraft-old",
    ]);
    expect(await search("minecraft", { minPriceKopecks: 300_01, maxPriceKopecks: 899_99 })).toEqual([]);
  });

  it("takes %, _ and \\ in the query literally", async () => {
    expect(await search("%")).toEqual(["percent"]);
    expect(await search("100%")).toEqual(["percent"]);
    expect(await search("_")).toEqual(["percent"]);
    expect(await search("y_t")).toEqual(["percent"]);
    expect(await search("C:\\")).toEqual(["percent"]);
    expect(await search("\\")).toEqual(["percent"]);
    expect(await search("1_0")).toEqual([]);
  });

  it("pages through the ranked results and counts them all", async () => {
    const all = await searchProductIds(db, { q: "minecraft", limit: 30, offset: 0 });
    expect(all.total).toBe(3);
    const first = await searchProductIds(db, { q: "minecraft", limit: 2, offset: 0 });
    const second = await searchProductIds(db, { q: "minecraft", limit: 2, offset: 2 });
    const beyond = await searchProductIds(db, { q: "minecraft", limit: 2, offset: 4 });
    expect([...first.ids, ...second.ids]).toEqual(all.ids);
    expect([first.total, second.total, beyond.total]).toEqual([3, 3, 3]);
    expect(beyond.ids).toEqual([]);
  });
});
