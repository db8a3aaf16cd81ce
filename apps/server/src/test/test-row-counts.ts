import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** Per table of the app's schema: how many rows, and a digest of their contents. */
export type TableSnapshot = Record<string, { rows: number; digest: string }>;

/**
 * Every table's row count and a digest of its rows, in one statement (so one consistent view): two equal
 * snapshots mean no row was added, removed or changed in between. Tables are listed from the database, so a
 * new table is covered without being named here.
 */
export async function tableSnapshot(db: Db): Promise<TableSnapshot> {
  let statement = statements.get(db);
  if (!statement) {
    statement = snapshotStatement(db);
    statements.set(db, statement);
  }
  const rows = rowsOf<{ name: string; rows: number; digest: string }>(await db.execute(await statement));
  return Object.fromEntries(rows.map(({ name, ...rest }) => [name, rest]));
}

// Reading the catalogue is slow next to the snapshot itself, and the tables stay the same for a database's life.
const statements = new WeakMap<Db, Promise<SQL>>();

async function snapshotStatement(db: Db): Promise<SQL> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map(({ name }) => name);
  const perTable = tables.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as digest from ${sql.identifier(name)} t`,
  );
  return sql.join(perTable, sql` union all `);
}

/** Both drivers answer `db.execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
