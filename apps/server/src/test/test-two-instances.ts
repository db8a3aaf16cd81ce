import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { openDatabase } from "../db/client.js";
import { createTestApp, type TestApp } from "./test-app.js";

const redisUrl = process.env.TEST_REDIS_URL;

/** Whether two instances can run: they share one PostgreSQL database and their caches' invalidations over Redis. */
export const twoInstancesPossible = redisUrl !== undefined && process.env.TEST_DB_DRIVER === "postgres";

/**
 * Runs `test` with two instances of the app, as a deployment runs them: `a` a test app on Redis, `b` another app
 * with its own connection to a's database and the same configuration. Both are closed afterwards.
 */
export async function withTwoInstances(test: (a: TestApp, b: FastifyInstance) => Promise<void>): Promise<void> {
  const a = await createTestApp({ redisUrl });
  try {
    const { rows } = (await a.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: [{ name: string }];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const bDatabase = await openDatabase({ databaseUrl: url.toString() });
    try {
      const b = await buildApp({ config: a.config, database: bDatabase, media: a.media, logger: false });
      try {
        await test(a, b);
      } finally {
        await b.close();
      }
    } finally {
      await bDatabase.close();
    }
  } finally {
    await a.close();
  }
}
