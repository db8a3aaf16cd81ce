import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyTestDatabase } from "../test/test-database.js";
import type { Database, Db } from "./client.js";
import { migrateDatabase } from "./migrate.js";

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
  "categories",
  "chats",
  "deals",
  "disputes",
  "email_codes",
  "idempotency_keys",
  "ledger_accounts",
  "ledger_entries",
  "ledger_transactions",
  "media_uploads",
  "messages",
  "product_images",
  "product_units",
  "products",
  "reports",
  "reviews",
  "sessions",
  "test_payments",
  "top_ups",
  "users",
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
});
