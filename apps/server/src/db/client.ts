import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { runningAfterCommit } from "./after-commit.js";
import * as schema from "./schema/index.js";

/** What both drivers have in common; services take this, so the same query code runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** postgres:// URL; when unset the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite keeps its files under `<dataDir>/pglite`. */
  dataDir?: string;
  /** PGlite in memory (tests); nothing is written to disk. */
  inMemory?: boolean;
  /** Errors of idle pooled PostgreSQL connections (e.g. a server restart); without a listener they crash the process. */
  onIdleConnectionError?: (error: Error) => void;
};

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (with pg_trgm, which the migrations need). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onIdleConnectionError);
  if (options.inMemory) return openPglite(undefined);
  if (!options.dataDir) throw new Error("openDatabase needs databaseUrl, dataDir or inMemory");
  const directory = path.join(options.dataDir, "pglite");
  mkdirSync(directory, { recursive: true });
  return openPglite(directory);
}

/** Extensions every PGlite instance must load: the migrations create pg_trgm indexes. */
export const pgliteExtensions = { pg_trgm };

async function openPglite(directory: string | undefined): Promise<Database> {
  const options = { extensions: pgliteExtensions };
  return pgliteDatabase(directory ? await PGlite.create(directory, options) : await PGlite.create(options));
}

/** A Database over a PGlite created with pgliteExtensions (tests create theirs from a migrated snapshot). */
export function pgliteDatabase(client: PGlite): Database {
  return {
    db: runningAfterCommit(drizzlePglite({ client, schema })),
    kind: "pglite",
    close: () => client.close(),
  };
}

/**
 * pg's default of 10 connections queues requests behind one another while PostgreSQL has CPU to spare: a listing
 * holds a connection for several short queries. Beyond about twice the cores more connections only contend.
 */
const POOL_SIZE = 20;

/**
 * pg waits for a connection forever by default: with the server hung or unreachable without a refusal, every
 * request would hang with it. Past this a request answers 503 DATABASE_ERROR instead, well within the web
 * client's 10 s timeout. It also bounds the wait for a free pooled connection under load.
 */
const CONNECT_TIMEOUT_MS = 5_000;

function openPostgres(connectionString: string, onIdleConnectionError = logIdleConnectionError): Database {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on("error", onIdleConnectionError);
  return {
    db: runningAfterCommit(drizzleNodePostgres({ client: pool, schema })),
    kind: "postgres",
    close: () => pool.end(),
  };
}

function logIdleConnectionError(error: Error): void {
  console.error("PostgreSQL connection error:", error.message);
}
