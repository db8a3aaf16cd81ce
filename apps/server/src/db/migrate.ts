import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { desc, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { bigint, pgSchema, serial, text } from "drizzle-orm/pg-core";
import type { Database } from "./client.js";

// Resolved from this module, so it is apps/server/drizzle both from src/ (vitest) and from dist/ (tsc output).
export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** drizzle-kit's own bookkeeping table, kept as is so drizzle-kit tooling sees the same history. */
const appliedMigrations = pgSchema("drizzle").table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
  createdAt: bigint("created_at", { mode: "number" }),
});

/** Any fixed number; every instance uses it to take turns applying migrations. */
const MIGRATION_LOCK_ID = 7_305_118_204;

/**
 * Applies the pending SQL migrations of apps/server/drizzle, all in one transaction.
 * drizzle-orm's migrate() does the same bookkeeping but takes no lock, so several instances starting at once
 * against one PostgreSQL would race; here they queue on an advisory lock and the later ones find nothing to do.
 * `before` (a migration's tag) stops short of that migration: a test fills the tables as they were before it.
 */
export async function migrateDatabase(database: Database, { before }: { before?: string } = {}): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder }).slice(
    0,
    before === undefined ? undefined : indexOf(before),
  );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const [last] = await tx
      .select({ createdAt: appliedMigrations.createdAt })
      .from(appliedMigrations)
      .orderBy(desc(appliedMigrations.createdAt))
      .limit(1);
    const appliedUntil = last?.createdAt ?? 0;
    for (const migration of migrations) {
      if (migration.folderMillis <= appliedUntil) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.insert(appliedMigrations).values({ hash: migration.hash, createdAt: migration.folderMillis });
    }
  });
}

/** A migration's place in drizzle-kit's journal, the order readMigrationFiles reads them in. */
function indexOf(tag: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  return index;
}
