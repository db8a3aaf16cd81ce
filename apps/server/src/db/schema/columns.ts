import { sql } from "drizzle-orm";
import { bigint, type PgColumn, timestamp, uuid } from "drizzle-orm/pg-core";

/** Column helpers shared by every table, so ids, money and time look the same everywhere. */

export const id = () => uuid("id").primaryKey().defaultRandom();

/**
 * Money is integer kopecks; "number" mode is exact up to 2^53 kopecks, far above any price or balance the contract
 * lets an admin set (BALANCE_MAX). Sums that no cap bounds (the external account, SQL sums) are bigint in code.
 */
export const kopecks = (name: string) => bigint(name, { mode: "number" });

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** The nil uuid stands in for "no parent" so a unique index can treat all top-level rows as siblings. */
export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * `column IN (...)` for the check constraint that guards a state column. State columns are text plus a check
 * rather than a Postgres enum: a check can be changed inside the migration transaction, an enum value cannot
 * be used in the transaction that adds it. The values are code constants, never user input.
 */
export function oneOf(column: PgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}
