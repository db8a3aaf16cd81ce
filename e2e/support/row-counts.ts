import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

const countsSql = `select
  (select count(*) from users)::int as users,
  (select count(*) from categories)::int as categories,
  (select count(*) from products)::int as products,
  (select count(*) from product_images)::int as product_images`;

export type RowCounts = { users: number; categories: number; products: number; product_images: number };

/** Row counts read straight from a stopped server's embedded data directory. */
export async function embeddedRowCounts(dataDir: string): Promise<RowCounts> {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return (await db.query<RowCounts>(countsSql)).rows[0]!;
  } finally {
    await db.close();
  }
}

export async function postgresRowCounts(url: string): Promise<RowCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<RowCounts>(countsSql)).rows[0]!;
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database next to the one in `baseUrl`, dropped by the returned function. */
export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lootlane_e2e_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
