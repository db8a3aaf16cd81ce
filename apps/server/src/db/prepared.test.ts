import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.js";
import type { Database, Db } from "./client.js";
import { unplannedBound, unplannedPlaceholder } from "./prepared.js";
import { categories, products } from "./schema/catalog.js";
import { users } from "./schema/users.js";

/*
 * What the unplanned placeholders are for, on a real PostgreSQL: a statement keyed by a skewed column (one seller
 * with many products, many users with none) and paged with LIMIT is planned again on every run with ordinary
 * placeholders, and once with unplanned ones. PGlite runs drizzle's statements unnamed, so there is no plan to keep.
 */

const RUNS = 10;

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("unplanned placeholders", () => {
  let database: Database;
  let newcomerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const [seller] = await db
      .insert(users)
      .values({ email: "seller@example.com", username: "seller", passwordHash: "x" })
      .returning({ id: users.id });
    const [newcomer] = await db
      .insert(users)
      .values({ email: "newcomer@example.com", username: "newcomer", passwordHash: "x" })
      .returning({ id: users.id });
    newcomerId = newcomer!.id;
    const [game] = await db
      .insert(categories)
      .values({ name: "Dota 2", nameRu: "Dota 2", slug: "dota-2" })
      .returning({ id: categories.id });
    await db.execute(sql`
      insert into products (seller_id, category_id, game_id, title, description, price_kopecks, status)
      select ${seller!.id}, ${game!.id}, ${game!.id}, 'Account ' || n, 'Full access.', 10000, 'active'
      from generate_series(1, 2000) as n`);
    await db.execute(sql`analyze products`);
  });
  afterAll(() => database.close());

  /** Runs a newcomer's empty page RUNS times on one connection and answers how PostgreSQL planned the runs. */
  async function plansOf(
    name: string,
    build: (tx: Db) => { execute(values: Record<string, unknown>): Promise<unknown> },
  ) {
    return database.db.transaction(async (tx) => {
      const statement = build(tx);
      for (let run = 0; run < RUNS; run++) await statement.execute({ sellerId: newcomerId, limit: 30, offset: 0 });
      const result = (await tx.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`,
      )) as unknown as { rows: Array<{ generic_plans: string; custom_plans: string }> };
      const [plans] = result.rows;
      return { generic: Number(plans!.generic_plans), custom: Number(plans!.custom_plans) };
    });
  }

  const page = (tx: Db, sellerId: ReturnType<typeof sql.placeholder> | ReturnType<typeof unplannedPlaceholder>) =>
    tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sellerId, sellerId), eq(products.status, "active")))
      .orderBy(desc(products.createdAt), desc(products.id));

  it("leaves PostgreSQL planning a skewed, paged statement on every run with ordinary placeholders", async () => {
    const plans = await plansOf("plain_page", (tx) =>
      page(tx, sql.placeholder("sellerId"))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare("plain_page"),
    );
    expect(plans).toEqual({ generic: 0, custom: RUNS });
  });

  it("has it keep one generic plan once the key and the page's bounds are unplanned", async () => {
    const plans = await plansOf("unplanned_page", (tx) =>
      page(tx, unplannedPlaceholder("sellerId", "uuid"))
        .limit(unplannedBound("limit"))
        .offset(unplannedBound("offset"))
        .prepare("unplanned_page"),
    );
    expect(plans.generic).toBeGreaterThan(0);
    expect(plans.generic + plans.custom).toBe(RUNS);
  });
});
