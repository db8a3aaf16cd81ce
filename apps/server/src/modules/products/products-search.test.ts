import type { ListingFilters } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../../db/client.js";
import { categories, type NewProduct, products } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import { createTestDatabase } from "../../test/test-database.js";
import { searchProductIds, type ProductSearch } from "./products-search.service.js";

let database: Database;
let db: Db;
let sellerId: string;
let otherSellerId: string;
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
  // Written some days before going on sale, so only an order by listed_at gives the expected order.
  const listedAt = new Date(now - daysOld * DAY_MS);
  const [row] = await db
    .insert(products)
    .values({
      sellerId,
      categoryId: minecraftId,
      gameId: columns.categoryId ?? minecraftId,
      priceKopecks: 500_00,
      productDataEncrypted: "v1:x",
      status: "active",
      createdAt: new Date(now - (40 - daysOld) * DAY_MS),
      listedAt,
      ...columns,
    })
    .returning({ id: products.id });
  ids.set(name, row!.id);
}

type Options = Partial<Omit<ProductSearch, "filters" | "presence">> & { filters?: ListingFilters; online?: string[] };

function run(q: string, { filters = {}, online = [], ...options }: Options = {}) {
  return searchProductIds(db, {
    q,
    limit: 30,
    offset: 0,
    filters,
    presence: { listOnline: () => Promise.resolve(online) },
    ...options,
  });
}

/** Names of the found products in the order found. */
async function search(q: string, options: Options = {}): Promise<string[]> {
  const names = new Map([...ids].map(([name, id]) => [id, name]));
  const result = await run(q, options);
  return result.ids.map((id) => names.get(id) ?? id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  [{ id: sellerId }, { id: otherSellerId }] = (await db
    .insert(users)
    .values([
      { email: "seller@example.com", username: "seller", passwordHash: "x" },
      { email: "other@example.com", username: "other", passwordHash: "x" },
    ])
    .returning({ id: users.id })) as [{ id: string }, { id: string }];
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
    sellerRating: 4.5,
  });
  await add("minecraft-coins", {
    title: "Coins for Bedrock",
    description: "Top-up for Minecraft Bedrock edition.",
    daysOld: 1,
    priceKopecks: 150_00,
    sellerId: otherSellerId,
    sellerRating: 3,
  });
  await add("minecraft-old", {
    title: "Old Minecraft account",
    description: "Migrated Java account with capes.",
    daysOld: 30,
    priceKopecks: 300_00,
    delivery: "manual",
    sellerRating: 4.9,
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
  await add("ru-key", {
    title: "Ключ активации Дота Плюс",
    description: "Отправлю по почте сразу после оплаты.",
    daysOld: 6,
    categoryId: dotaId,
    priceKopecks: 400_00,
  });
  await add("arcana", {
    title: "Arcana set for Phantom Assassin",
    description: "Dota 2 item sent by trade offer.",
    daysOld: 5,
    categoryId: dotaId,
    priceKopecks: 1800_00,
  });
  await add("cs-key", {
    title: "Counter-Strike 2 Prime key",
    description: "Global key, instant delivery.",
    daysOld: 7,
    categoryId: dotaId,
    priceKopecks: 700_00,
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
    listedAt: null,
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

  it("finds other forms of Russian and English words, in titles and descriptions", async () => {
    // "почта" is written "почта" in one description and "почте" in the other; "почтой" in neither.
    expect(await search("почта")).toEqual(["ru-account", "ru-key"]);
    expect(await search("почтой")).toEqual(["ru-account", "ru-key"]);
    expect(await search("ключи")).toEqual(["ru-key"]);
    expect(await search("аккаунтов")).toEqual(["ru-account", "ru-boost"]);
    expect(await search("keys")).toEqual(["cs-key"]);
    expect(await search("accounts")).toEqual(["minecraft-premium", "minecraft-old"]);
    expect(await search("migrating capes")).toEqual(["minecraft-old"]);
  });

  it("still finds an unfinished last word by its start", async () => {
    expect(await search("Minecr")).toEqual(["minecraft-premium", "minecraft-old", "minecraft-coins"]);
    expect(await search("активац")).toEqual(["ru-key"]);
  });

  it("finds a word typed on the other keyboard layout, both ways", async () => {
    // "rk.x" is "ключ" typed on the Latin layout, "ьштускфае" "minecraft" typed on the Russian one.
    expect(await search("rk.x")).toEqual(["ru-key"]);
    expect(await search("ьштускфае фссщгте")).toEqual(["minecraft-premium", "minecraft-old"]);
    // "ljnf" is "дота", "вщеф" "dota": either finds the game written either way.
    const dota = ["ru-boost", "ru-account", "ru-key", "arcana"];
    expect(await search("ljnf")).toEqual(dota);
    expect(await search("вщеф")).toEqual(dota);
  });

  it("finds a word written in the other alphabet, both ways", async () => {
    const dota = ["ru-boost", "ru-account", "ru-key", "arcana"];
    expect(await search("dota")).toEqual(dota);
    expect(await search("дота")).toEqual(dota);
    expect(await search("akkaunt")).toEqual(["ru-account", "ru-boost"]);
    expect(await search("klyuch aktivatsii")).toEqual(["ru-key"]);
    expect(await search("arcana")).toEqual(["ru-account", "arcana"]);
  });

  it("combines words of either language, layout and alphabet in one query", async () => {
    expect(await search("аккаунт дота")).toEqual(["ru-account", "ru-boost"]);
    expect(await search("аккаунт dota")).toEqual(["ru-account", "ru-boost"]);
    expect(await search("rk.x ljnf")).toEqual(["ru-key"]);
    expect(await search("вщеф аккаунт")).toEqual(["ru-account", "ru-boost"]);
  });

  it("leaves out words that say nothing rather than looking for their other forms", async () => {
    // "about" is in no listing: an English stop word, it is not looked for as "фищге" or "абоут" either.
    expect(await search("account about capes")).toEqual(["minecraft-old"]);
  });

  it("finds Russian words with typos in titles", async () => {
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

  it("ranks listings with every word in the title above the others, each newest on sale first", async () => {
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

  it("orders all matches by the sort asked for, title or description alike", async () => {
    const sorted = (sort: ListingFilters["sort"]) => search("minecraft", { filters: { sort } });
    expect(await sorted("newest")).toEqual(["minecraft-coins", "minecraft-premium", "minecraft-old"]);
    expect(await sorted("price_asc")).toEqual(["minecraft-coins", "minecraft-old", "minecraft-premium"]);
    expect(await sorted("price_desc")).toEqual(["minecraft-premium", "minecraft-old", "minecraft-coins"]);
    expect(await sorted("rating")).toEqual(["minecraft-old", "minecraft-premium", "minecraft-coins"]);
    // Typos are sorted too.
    expect(await search("Mincraft", { filters: { sort: "price_asc" } })).toEqual([
      "minecraft-old",
      "minecraft-premium",
    ]);
  });

  it("filters by categories and by an inclusive price range in roubles", async () => {
    expect(await search("minecraft", { categoryIds: [dotaId] })).toEqual([]);
    expect(await search("dota", { categoryIds: [dotaId, minecraftId] })).toEqual([
      "ru-boost",
      "ru-account",
      "ru-key",
      "arcana",
    ]);
    expect(await search("minecraft", { filters: { min_price: 300, max_price: 900 } })).toEqual([
      "minecraft-premium",
      "minecraft-old",
    ]);
    expect(await search("minecraft", { filters: { min_price: 301, max_price: 899 } })).toEqual([]);
    expect(await search("minecraft", { filters: { max_price: 150 } })).toEqual(["minecraft-coins"]);
  });

  it("filters by delivery, by an inclusive seller rating and by sellers online now", async () => {
    expect(await search("minecraft", { filters: { delivery: "auto" } })).toEqual([
      "minecraft-premium",
      "minecraft-coins",
    ]);
    expect(await search("minecraft", { filters: { delivery: "manual" } })).toEqual(["minecraft-old"]);
    expect(await search("minecraft", { filters: { min_rating: 4.5 } })).toEqual(["minecraft-premium", "minecraft-old"]);
    expect(await search("minecraft", { filters: { min_rating: 4.91 } })).toEqual([]);
    expect(await search("minecraft", { filters: { online: "true" }, online: [otherSellerId] })).toEqual([
      "minecraft-coins",
    ]);
    expect(await search("minecraft", { filters: { online: "true" } })).toEqual([]);
    expect(await search("minecraft", { filters: { online: "false" } })).toHaveLength(3);
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
    const all = await run("minecraft");
    expect(all.total).toBe(3);
    const first = await run("minecraft", { limit: 2, offset: 0 });
    const second = await run("minecraft", { limit: 2, offset: 2 });
    const beyond = await run("minecraft", { limit: 2, offset: 4 });
    expect([...first.ids, ...second.ids]).toEqual(all.ids);
    expect([first.total, second.total, beyond.total]).toEqual([3, 3, 3]);
    expect(beyond.ids).toEqual([]);
  });

  it("pages a sorted search after the last product of the page before, to the end and no further", async () => {
    const sort = "price_asc";
    const page = (offset: number, after?: string) =>
      run("minecraft", { limit: 1, offset, filters: { sort, ...(after ? { after } : {}) } });
    const pages = [await page(0)];
    for (let offset = 1; offset <= 3; offset++) pages.push(await page(offset, pages.at(-1)!.ids[0]));
    expect(pages.map((found) => found.ids.map((id) => [...ids].find(([, known]) => known === id)?.[0]))).toEqual([
      ["minecraft-coins"],
      ["minecraft-old"],
      ["minecraft-premium"],
      [],
    ]);
    // Each page says whether another follows; past the last, nothing is taken for a typo.
    expect(pages.map((found) => found.total)).toEqual([2, 3, 3, 3]);
  });
});
