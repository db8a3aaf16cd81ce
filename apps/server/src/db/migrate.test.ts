import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyTestDatabase } from "../test/test-database.js";
import type { Database, Db } from "./client.js";
import { migrateDatabase } from "./migrate.js";
import { createDataCipher } from "../platform/crypto/data-cipher.js";
import { deals, messages, products, productUnits } from "./schema/index.js";

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function names(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = (await db.execute(query)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name).sort();
}

const expectedTables = [
  "admin_audit_log",
  "api_tokens",
  "categories",
  "chats",
  "deals",
  "disputes",
  "email_codes",
  "idempotency_keys",
  "jobs",
  "ledger_accounts",
  "ledger_entries",
  "ledger_transactions",
  "media_uploads",
  "messages",
  "notification_preferences",
  "notifications",
  "product_images",
  "product_units",
  "products",
  "push_subscriptions",
  "recovery_codes",
  "reports",
  "reviews",
  "sessions",
  "test_payments",
  "top_ups",
  "users",
  "webhook_deliveries",
  "webhook_endpoints",
  "withdrawals",
];

describe("migrateDatabase", () => {
  it("creates every table, the listing and search indexes and pg_trgm on a fresh database", async () => {
    database = await createEmptyTestDatabase();
    await migrateDatabase(database);
    const { db } = database;

    expect(
      await names(db, sql`select table_name as name from information_schema.tables where table_schema = 'public'`),
    ).toEqual(expectedTables);
    expect(await names(db, sql`select extname as name from pg_extension where extname = 'pg_trgm'`)).toEqual([
      "pg_trgm",
    ]);

    const indexes = await names(
      db,
      sql`select indexname || ': ' || indexdef as name from pg_indexes where schemaname = 'public'`,
    );
    const definitionOf = (index: string) =>
      indexes.find((line) => line.startsWith(`${index}: `)) ?? `${index} is missing`;
    expect(definitionOf("products_status_created_idx")).toMatch(
      /\(status, created_at DESC, id DESC\) WHERE \(deleted_at IS NULL\)/,
    );
    expect(definitionOf("products_category_status_created_idx")).toMatch(
      /\(category_id, status, created_at DESC, id DESC\)/,
    );
    expect(definitionOf("products_seller_created_idx")).toMatch(/\(seller_id, created_at DESC\)/);
    expect(definitionOf("products_title_trgm_idx")).toMatch(/USING gin \(lower\(title\) gin_trgm_ops\)/);
    expect(definitionOf("products_description_trgm_idx")).toMatch(/USING gin \(lower\(description\) gin_trgm_ops\)/);
    expect(definitionOf("users_username_lower_key")).toMatch(/UNIQUE INDEX .*\(lower\(username\)\)/);
    expect(definitionOf("product_units_product_hash_key")).toMatch(/UNIQUE INDEX .*\(product_id, data_hash\) WHERE/);
    expect(definitionOf("product_units_available_idx")).toMatch(/\(product_id, seq\) WHERE \(state = 'available'/);
    expect(definitionOf("messages_chat_created_idx")).toMatch(/\(chat_id, created_at\)/);
  });

  it("applies each migration once, even when two runs start at the same moment", async () => {
    database = await createEmptyTestDatabase();
    await Promise.all([migrateDatabase(database), migrateDatabase(database)]);
    await migrateDatabase(database);

    const applied = await names(database.db, sql`select hash as name from drizzle.__drizzle_migrations`);
    expect(applied.length).toBeGreaterThanOrEqual(2);
    expect(new Set(applied).size).toBe(applied.length);
  });

  it("moves each listing made before stock into its one unit, sold to its latest buyer, as 0009 does", async () => {
    database = await createEmptyTestDatabase();
    await migrateDatabase(database, { before: "0009_stock_and_reports" });
    const { db } = database;
    const cipher = createDataCipher(randomBytes(32));
    const goods = (name: string) => cipher.encrypt(`login: ${name} / password: secret`);
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const [seller, buyer] = await rows(sql`
      insert into users (email, username, password_hash)
      values ('old_seller@example.com', 'old_seller', 'x'), ('old_buyer@example.com', 'old_buyer', 'x')
      returning id`);
    const [game] = await rows(sql`insert into categories (name, slug) values ('Old Game', 'old-game') returning id`);
    const listing = async (title: string, status: string) =>
      (
        await rows(sql`
          insert into products (seller_id, category_id, title, description, price_kopecks, product_data_encrypted, status)
          values (${seller!.id}, ${game!.id}, ${title}, 'Bought long ago', 150000, ${goods(title)}, ${status})
          returning id`)
      )[0]!.id as string;
    const [unsold, completed, putBack] = [
      await listing("Never sold", "active"),
      await listing("Sold and completed", "completed"),
      await listing("Refunded and put back", "active"),
    ];
    const dealOf = async (productId: string, status: string, at: string) => {
      const [chat] = await rows(sql`
        insert into chats (product_id, buyer_id, seller_id) values (${productId}, ${buyer!.id}, ${seller!.id})
        returning id`);
      const [deal] = await rows(sql`
        insert into deals (product_id, buyer_id, seller_id, chat_id, price_kopecks, status, auto_confirm_at, created_at)
        values (${productId}, ${buyer!.id}, ${seller!.id}, ${chat!.id}, 150000, ${status}, now(), ${at}::timestamptz)
        returning id`);
      await db.execute(sql`
        insert into messages (chat_id, text, message_type, created_at)
        values (${chat!.id}, 'purchase', 'purchase_info', ${at}::timestamptz),
               (${chat!.id}, 'confirmed', 'system', ${at}::timestamptz + interval '1 hour')`);
      return deal!.id as string;
    };
    const completedDeal = await dealOf(completed, "completed", "2026-01-01T10:00:00Z");
    const refundedDeal = await dealOf(putBack, "refunded", "2026-01-02T10:00:00Z");

    await migrateDatabase(database);

    const listings = new Map(
      (
        await db
          .select()
          .from(products)
          .where(inArray(products.id, [unsold, completed, putBack]))
      ).map((row) => [row.id, row]),
    );
    const units = await db
      .select()
      .from(productUnits)
      .where(inArray(productUnits.productId, [unsold, completed, putBack]));
    const unitOf = (productId: string) => units.filter((unit) => unit.productId === productId);
    // Every listing is an auto listing of its one unit, its data moved there as it was (still encrypted).
    for (const [id, title] of [
      [unsold, "Never sold"],
      [completed, "Sold and completed"],
      [putBack, "Refunded and put back"],
    ] as const) {
      expect([listings.get(id)!.delivery, listings.get(id)!.productDataEncrypted]).toEqual(["auto", null]);
      expect(unitOf(id).map((unit) => cipher.decrypt(unit.dataEncrypted))).toEqual([
        `login: ${title} / password: secret`,
      ]);
    }
    expect([listings.get(unsold)!.status, listings.get(unsold)!.inStock, unitOf(unsold)[0]!.state]).toEqual([
      "active",
      1,
      "available",
    ]);
    expect([listings.get(completed)!.status, listings.get(completed)!.inStock]).toEqual(["completed", 0]);
    expect([unitOf(completed)[0]!.state, unitOf(completed)[0]!.dealId]).toEqual(["sold", completedDeal]);
    // The refunded buyer saw the unit: it is not for sale again, and the listing waits for new units.
    expect([listings.get(putBack)!.status, listings.get(putBack)!.inStock]).toEqual(["refunded", 0]);
    expect([unitOf(putBack)[0]!.state, unitOf(putBack)[0]!.dealId]).toEqual(["sold", refundedDeal]);

    const snapshots = await db
      .select()
      .from(deals)
      .where(inArray(deals.id, [completedDeal, refundedDeal]));
    expect(
      snapshots.map((deal) => [deal.productTitle, deal.unitPriceKopecks, deal.quantity, deal.delivery]).sort(),
    ).toEqual([
      ["Refunded and put back", 150000, 1, "auto"],
      ["Sold and completed", 150000, 1, "auto"],
    ]);
    const linked = await db
      .select()
      .from(messages)
      .where(inArray(messages.dealId, [completedDeal, refundedDeal]));
    expect(linked).toHaveLength(4);
  });
});
