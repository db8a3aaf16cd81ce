import { sql, type Placeholder, type SQL } from "drizzle-orm";
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

/**
 * A placeholder PostgreSQL cannot see the value of while it plans: the statement is planned once, for any value.
 * A prepared statement's first five runs are planned for their values, and its generic plan is kept only if it
 * does not look costlier than those; for a key whose rows are skewed (sellers have hundreds of chats and products,
 * most users none) the plans for a user with none always look cheaper, so PostgreSQL planned again on every run:
 * 0.54 ms of planning for 0.08 ms of work in the chats list (issue 24). Behind a scalar subquery the value is read
 * when the statement runs, so each plan is the generic one. Only for a statement whose generic plan is right for
 * every value: an index lookup by the key.
 */
export function unplannedPlaceholder(name: string, type: "uuid" | "int"): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/**
 * An unplanned page size or offset, for `.limit()` and `.offset()`: a plan made for a page of 30 always looks
 * cheaper than the generic one, so a paged statement was planned again on every run. Drizzle types their argument
 * as a number or a placeholder but writes any SQL given there as it is (pg-core's dialect), hence the cast; the
 * paging tests of each statement that uses it would fail if that changed.
 */
export function unplannedBound(name: string): Placeholder {
  return unplannedPlaceholder(name, "int") as unknown as Placeholder;
}
