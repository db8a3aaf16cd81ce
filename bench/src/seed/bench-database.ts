import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "@lootlane/server/db/client";

/** Where the generator writes when DATABASE_URL is not set. */
export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench";

/**
 * The comment the generator puts on a database it owns. A database without it that already has users is
 * someone's real data, and the generator refuses to wipe it unless told to with --force.
 */
const BENCH_MARKER = "lootlane bench data: npm run seed:bench wipes and refills this database";

/** Creates the database named in the URL when the server does not have it yet (connecting to `postgres`). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  url.pathname = "/postgres";
  const server = await openDatabase({ databaseUrl: url.toString() });
  try {
    const [row] = await selectRows<{ exists: boolean; quoted: string }>(
      server.db,
      sql`select exists (select 1 from pg_database where datname = ${name}) as exists, quote_ident(${name}) as quoted`,
    );
    if (!row!.exists) await server.db.execute(sql.raw(`create database ${row!.quoted}`));
  } finally {
    await server.close();
  }
}

/** Whether the database holds users, and the comment this generator leaves on its own. */
async function ownership(db: Db): Promise<{ users: number; marker: string | null }> {
  const rows = await selectRows<{ users: number; marker: string | null }>(
    db,
    sql`select (select count(*)::int from users) as users,
               (select shobj_description(oid, 'pg_database') from pg_database where datname = current_database()) as marker`,
  );
  return rows[0]!;
}

/** Throws unless the database is empty of users or was filled by this generator before (or `force` is set). */
export async function assertSafeToWipe(db: Db, force: boolean): Promise<void> {
  if (force) return;
  const { users, marker } = await ownership(db);
  if (users > 0 && marker !== BENCH_MARKER) {
    throw new Error(
      `This database has ${users} users and was not made by seed:bench; refusing to wipe it. Point DATABASE_URL at a bench database, or pass --force to wipe it anyway.`,
    );
  }
}

/** Marks the database as bench data, then empties every application table so the run starts from nothing. */
export async function wipeForBench(db: Db): Promise<void> {
  const [names] = await selectRows<{ database: string; marker: string }>(
    db,
    sql`select quote_ident(current_database()) as database, quote_literal(${BENCH_MARKER}) as marker`,
  );
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  await db.execute(sql.raw(`comment on database ${names!.database} is ${names!.marker}`));
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.map((table) => table.name).join(", ")} cascade`));
}

/**
 * Undoes what an earlier run left that would change or stop this one (only on a database seed:bench made): the
 * admin's second factor, whose secret that run kept in memory only, so this run could not sign in; and the
 * notification deliveries its deals queued for addresses that do not exist, which the job queue would otherwise
 * work through during this run's measurements.
 */
export async function resetAfterEarlierRuns(databaseUrl: string, adminEmail: string): Promise<void> {
  const { db, close } = await openDatabase({ databaseUrl });
  try {
    if ((await ownership(db)).marker !== BENCH_MARKER)
      throw new Error(`${databaseUrl} was not made by seed:bench: the bench only runs on its own data`);
    await db.execute(
      sql`delete from recovery_codes where user_id = (select id from users where email = ${adminEmail})`,
    );
    await db.execute(
      sql`update users set totp_secret = null, totp_enabled_at = null, totp_last_step = null where email = ${adminEmail}`,
    );
    await db.execute(sql`delete from jobs where kind like 'notifications.%'`);
    await db.execute(sql`vacuum analyze jobs`);
  } finally {
    await close();
  }
}

/** Rows of a raw statement; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
