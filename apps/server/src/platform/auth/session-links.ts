import { and, eq, gte, isNotNull, ne, notLike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { sessions } from "../../db/schema/users.js";

const first = alias(sessions, "first_sessions");
const second = alias(sessions, "second_sessions");

// An address of this machine tells nothing of who the client is: every user of a proxy on the same host that is
// not trusted, and everyone in development and the browser journeys, arrives from it.
const sharedAddress = and(
  eq(second.ip, first.ip),
  notLike(first.ip, "127.%"),
  notLike(first.ip, "::ffff:127.%"),
  ne(first.ip, "::1"),
);

/**
 * Whether two users signed in (or refreshed a sign-in) from one IP address or one device since `since`: the
 * mark of one person with two accounts. Sessions rows are the record; each refresh adds one, so an account in
 * use keeps leaving fresh rows.
 */
export async function sharedDeviceOrAddress(db: Db, userA: string, userB: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(first)
    .innerJoin(second, or(sharedAddress, and(isNotNull(first.deviceId), eq(second.deviceId, first.deviceId))))
    .where(
      and(eq(first.userId, userA), eq(second.userId, userB), gte(first.createdAt, since), gte(second.createdAt, since)),
    )
    .limit(1);
  return row !== undefined;
}
