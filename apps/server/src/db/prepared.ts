import type { Db } from "./client.js";

/**
 * A statement built once per database handle and then only executed (issue 24): drizzle's building of a select,
 * column by column, was a fifth of the CPU of a signed-in read, and node-postgres sends a named statement once per
 * connection, so PostgreSQL skips parsing and planning it too. Only for statements run on the handle itself, never
 * in a transaction: a prepared statement belongs to the handle it was built on.
 */
export function preparedOn<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
