import type { Db } from "../db/client.js";

type QueryingClient = { query: (...args: unknown[]) => unknown };

/**
 * The SQL text of every statement `db` sends outside a transaction while `read` runs, to prove that a read costs
 * a fixed number of statements however many rows it answers (no query per row). It watches the driver's own
 * client (PGlite or the pg pool), where both drizzle drivers send each statement; statements of other work that
 * happens meanwhile (the periodic sweeps) are in the list too, so filter on the tables the read touches.
 */
export async function statementsDuring(db: Db, read: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: QueryingClient }).$client;
  const statements: string[] = [];
  const query = client.query;
  const ownQuery = Object.hasOwn(client, "query");
  client.query = function (this: unknown, ...args: unknown[]) {
    const [text] = args;
    statements.push(typeof text === "string" ? text : String((text as { text?: unknown }).text));
    return query.apply(this, args);
  };
  try {
    await read();
  } finally {
    // The pg pool's query lives on its prototype: shadowed above, uncovered again here.
    if (ownQuery) client.query = query;
    else delete (client as Partial<QueryingClient>).query;
  }
  return statements;
}
