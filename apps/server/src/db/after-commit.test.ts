import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.js";
import { afterCommit } from "./after-commit.js";
import type { Database, Db } from "./client.js";
import { users } from "./schema/users.js";

/*
 * What afterCommit promises the caches that listen for changes: the work runs once the transaction the write was
 * made in has ended, when the change can be read, with the database handle their signals are kept on.
 */

let database: Database;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: "after-commit@example.com", username: "after_commit", passwordHash: "x" })
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(() => database.close());

/** The description as a read outside the transaction sees it. */
async function committedDescription(): Promise<string | null> {
  const [row] = await database.db.select({ description: users.description }).from(users).where(eq(users.id, userId));
  return row!.description;
}

/** A write as the users module makes one: the update, then the work left for after its commit. */
async function describeUser(executor: Db, description: string, seen: (string | null)[], handles: Db[]) {
  await executor.update(users).set({ description }).where(eq(users.id, userId));
  afterCommit(executor, (db) => {
    handles.push(db);
    seen.push(description);
  });
}

describe("afterCommit", () => {
  it("outside a transaction runs at once, with the handle the statement ran on", async () => {
    const seen: (string | null)[] = [];
    const handles: Db[] = [];
    await describeUser(database.db, "alone", seen, handles);
    expect(seen).toEqual(["alone"]);
    expect(handles).toEqual([database.db]);
  });

  it("in a transaction waits for its commit, then runs with the database handle, savepoints' work included", async () => {
    const seen: (string | null)[] = [];
    const handles: Db[] = [];
    const readAtRun: (string | null)[] = [];
    await database.db.transaction(async (tx) => {
      await describeUser(tx, "first", seen, handles);
      await tx.transaction((savepoint) => describeUser(savepoint, "second", seen, handles));
      afterCommit(tx, () => void committedDescription().then((description) => readAtRun.push(description)));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["first", "second"]);
    expect(handles).toEqual([database.db, database.db]);
    await expect.poll(() => readAtRun).toEqual(["second"]);
  });

  it("runs after a rollback too: dropping a cached value that had not changed only costs a read", async () => {
    const seen: (string | null)[] = [];
    const failed = database.db.transaction(async (tx) => {
      await describeUser(tx, "rolled back", seen, []);
      throw new Error("refused");
    });
    await expect(failed).rejects.toThrow("refused");
    expect(seen).toEqual(["rolled back"]);
    expect(await committedDescription()).not.toBe("rolled back");
  });

  it("runs at once when asked from work that outlived its transaction", async () => {
    const seen: (string | null)[] = [];
    const handles: Db[] = [];
    let later: Promise<void> = Promise.resolve();
    await database.db.transaction(async () => {
      later = new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() =>
        describeUser(database.db, "later", seen, handles),
      );
    });
    expect(seen).toEqual([]);
    await later;
    expect(seen).toEqual(["later"]);
    expect(handles).toEqual([database.db]);
  });
});
