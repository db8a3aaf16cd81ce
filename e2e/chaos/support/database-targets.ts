import { createPostgresDatabase } from "../../support/row-counts.js";

/** A database for one run: the server's environment for it, and how to get rid of it afterwards. */
export type TargetDatabase = { env: { DATABASE_URL?: string; REDIS_URL?: string }; drop(): Promise<void> };

export type DatabaseTarget = { name: string; skipReason: string | undefined; open(): Promise<TargetDatabase> };

/**
 * The embedded PGlite (in the server's data directory) always; PostgreSQL, in a fresh database created and
 * dropped on the server of TEST_DATABASE_URL, when that is set, as for the server-postgres project. With
 * TEST_REDIS_URL the PostgreSQL runs use Redis too, as a deployment of several instances does.
 */
export function databaseTargets(): DatabaseTarget[] {
  const { TEST_DATABASE_URL: postgresUrl, TEST_REDIS_URL: redisUrl } = process.env;
  return [
    {
      name: "the embedded PGlite",
      skipReason: undefined,
      open: async () => ({ env: {}, drop: async () => undefined }),
    },
    {
      name: redisUrl ? "PostgreSQL and Redis" : "PostgreSQL",
      skipReason: postgresUrl ? undefined : "TEST_DATABASE_URL is not set",
      open: async () => {
        const database = await createPostgresDatabase(postgresUrl!);
        return {
          env: { DATABASE_URL: database.url, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
          drop: database.drop,
        };
      },
    },
  ];
}
