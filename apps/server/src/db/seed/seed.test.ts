import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isStrongPassword, MEDIA_PREFIX } from "@lootlane/contract";
import { eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../config.js";
import { createDataCipher } from "../../platform/crypto/data-cipher.js";
import { createMediaStore, type MediaStore } from "../../platform/media/media-store.js";
import { verifyPassword } from "../../platform/security/password-hash.js";
import { createTestDatabase } from "../../test/test-database.js";
import { type Database, type Db, openDatabase } from "../client.js";
import { migrateDatabase } from "../migrate.js";
import * as schema from "../schema/index.js";
import { slugify } from "../slug.js";
import { seedIfEmpty } from "./seed.js";

const silentLog = { info: () => undefined, warn: () => undefined };
const tables = [schema.users, schema.ledgerAccounts, schema.categories, schema.products, schema.productImages];

let dataDir: string;
let database: Database | undefined;
let media: MediaStore;

function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATA_KEY: randomBytes(32).toString("hex"),
    JWT_SECRET: "j".repeat(32),
    ...env,
  });
}

async function rowCounts(db: Db): Promise<number[]> {
  return Promise.all(tables.map((table) => db.$count(table)));
}

async function mediaBody(url: string): Promise<Buffer> {
  expect(url.startsWith(`${MEDIA_PREFIX}/`)).toBe(true);
  const object = await media.get(url.slice(MEDIA_PREFIX.length + 1));
  expect(object, url).not.toBeNull();
  return object!.body;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-seed-"));
  media = createMediaStore({ dataDir, s3: undefined });
});
afterEach(async () => {
  await database?.close();
  database = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe("seedIfEmpty", () => {
  it("creates an admin with a generated strong password, the demo seller and the demo catalogue", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const config = testConfig();

    const result = await seedIfEmpty({ db, media, config, log: silentLog });

    expect(result.seeded).toBe(true);
    expect(result.admin?.email).toBe("admin@lootlane.local");
    const password = result.admin?.password ?? "";
    expect(isStrongPassword(password)).toBe(true);
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.email, "admin@lootlane.local"));
    expect(admin?.role).toBe("admin");
    expect(await verifyPassword(admin!.passwordHash, password)).toBe(true);

    const [seller] = await db.select().from(schema.users).where(eq(schema.users.username, "demo_seller"));
    expect(seller).toMatchObject({ role: "user", rating: 5, balanceKopecks: 0 });
    const accounts = await db.select().from(schema.ledgerAccounts);
    expect(accounts.map((account) => [account.kind, account.userId, account.balanceKopecks]).sort()).toEqual(
      [
        ["user_available", admin!.id, 0],
        ["user_available", seller!.id, 0],
      ].sort(),
    );

    const games = await db.query.categories.findMany({
      where: isNull(schema.categories.parentId),
      with: { children: true },
    });
    expect(games.length).toBeGreaterThanOrEqual(6);
    for (const category of games.flatMap((game) => [game, ...game.children])) {
      expect(category.slug).toBe(slugify(category.name));
      expect(category.description.length).toBeGreaterThan(20);
      expect(category.descriptionRu, category.name).toMatch(/[а-яё]/i);
      expect((await sharp(await mediaBody(category.imageUrl!)).metadata()).format).toBe("png");
    }
    // The Russian interface names the kinds of goods in Russian; games keep their brand names.
    for (const game of games) expect(game.nameRu).toBe(game.name);
    const dota = games.find((game) => game.name === "Dota 2")!;
    expect(dota.children.map((kind) => [kind.name, kind.nameRu]).sort()).toEqual([
      ["Accounts", "Аккаунты"],
      ["Boosting", "Бустинг"],
      ["Items", "Предметы"],
    ]);
    // Issue 22: a fresh start shows a two-week guarantee on accounts, and none elsewhere.
    for (const category of games.flatMap((game) => [game, ...game.children]))
      expect(category.guaranteeDays, category.name).toBe(category.slug === "accounts" ? 14 : null);
    for (const game of games) expect(game.children.length, game.name).toBeGreaterThanOrEqual(2);
    for (const game of games) expect(game.children.length, game.name).toBeLessThanOrEqual(4);

    const listed = await db.query.products.findMany({ with: { images: true, category: true, units: true } });
    expect(listed.length).toBeGreaterThanOrEqual(30);
    const cipher = createDataCipher(config.dataKey);
    for (const product of listed) {
      expect(product).toMatchObject({ status: "active", sellerId: seller!.id, deletedAt: null });
      expect(product.category.parentId, product.title).not.toBeNull();
      expect(product.priceKopecks % 100).toBe(0);
      // Each listing is made the spec's way: one unit of goods for sale, no separate note.
      expect([product.delivery, product.inStock, product.productDataEncrypted]).toEqual(["auto", 1, null]);
      expect(product.units.map((unit) => unit.state)).toEqual(["available"]);
      expect(cipher.decrypt(product.units[0]!.dataEncrypted).length).toBeGreaterThanOrEqual(10);
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      for (const image of product.images) {
        expect((await sharp(await mediaBody(image.imageUrl)).metadata()).format).toBe("png");
        expect((await sharp(await mediaBody(image.thumbnailUrl)).metadata()).width).toBe(400);
      }
    }
    const createdDays = new Set(listed.map((product) => product.createdAt.toISOString().slice(0, 10)));
    expect(createdDays.size).toBeGreaterThan(3);
    expect(new Set(listed.map((product) => product.createdAt.getTime())).size).toBe(listed.length);
  });

  it("seeds nothing and changes nothing on a database that has users", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const config = testConfig();
    await seedIfEmpty({ db, media, config, log: silentLog });
    const counts = await rowCounts(db);
    const mediaKeys = await media.list?.();

    expect(await seedIfEmpty({ db, media, config, log: silentLog })).toEqual({ seeded: false });
    expect(await rowCounts(db)).toEqual(counts);
    expect(await media.list?.()).toEqual(mediaKeys);
  });

  it("uses the configured admin, returns no password, and seeds no demo data when SEED_DEMO is off", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const config = testConfig({
      ADMIN_EMAIL: "Boss@Example.com",
      ADMIN_PASSWORD: "Configured!123",
      SEED_DEMO: "false",
    });

    expect(await seedIfEmpty({ db, media, config, log: silentLog })).toEqual({
      seeded: true,
      admin: { email: "boss@example.com" },
    });
    const [admin] = await db.select().from(schema.users);
    expect(await verifyPassword(admin!.passwordHash, "Configured!123")).toBe(true);
    expect(await rowCounts(db)).toEqual([1, 1, 0, 0, 0]);
    expect(await media.list?.()).toEqual([]);
  });

  it("lets exactly one of two simultaneous first starts seed", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const config = testConfig({ SEED_DEMO: "false" });
    const results = await Promise.all([1, 2].map(() => seedIfEmpty({ db, media, config, log: silentLog })));
    expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
    expect(await db.$count(schema.users)).toBe(1);
  });

  it.skipIf(process.env.TEST_DB_DRIVER === "postgres")(
    "keeps every row when the embedded database is reopened",
    async () => {
      const config = testConfig();
      const first = await openDatabase({ dataDir });
      await migrateDatabase(first);
      await seedIfEmpty({ db: first.db, media, config, log: silentLog });
      const counts = await rowCounts(first.db);
      await first.close();

      database = await openDatabase({ dataDir });
      await migrateDatabase(database);
      expect(await rowCounts(database.db)).toEqual(counts);
      expect(await seedIfEmpty({ db: database.db, media, config, log: silentLog })).toEqual({ seeded: false });
    },
  );
});
