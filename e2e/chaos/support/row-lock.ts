import pg from "pg";

export type RowLock = { release(): Promise<void> };

/** Locks one row FOR UPDATE in a transaction of its own until release(): whatever writes the row waits. */
export async function lockRow(databaseUrl: string, table: "users", id: string): Promise<RowLock> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query(`select 1 from ${table} where id = $1 for update`, [id]);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.query("rollback");
      await client.end();
    },
  };
}
