import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkLedger } from "../../modules/ledger/ledger-check.service.js";
import { createTestUser } from "../../test/test-users.js";
import { type Db, openDatabase } from "../client.js";
import { migrateDatabase } from "../migrate.js";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../schema/ledger.js";
import { users } from "../schema/users.js";
import { BackupRefusedError, backupEmbeddedDatabase, restoreEmbeddedDatabase } from "./embedded-backup.js";

const SECRETS = JSON.stringify({ jwtSecret: "j".repeat(64), dataKey: "ab".repeat(32) });

/** Every row the round trip must bring back, in a stable order. */
async function snapshot(db: Db) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    accounts: await db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.id)),
    transactions: await db.select().from(ledgerTransactions).orderBy(asc(ledgerTransactions.id)),
    entries: await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
  };
}

// Backups are of the embedded database only; one driver is enough.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("backup and restore of the embedded database", () => {
  let work: string;
  let dataDir: string;

  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), "lootlane-backup-"));
    dataDir = path.join(work, "data");
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await createTestUser(database.db, { username: "backup_alice", balanceKopecks: 1_250_00 });
    await createTestUser(database.db, { username: "backup_bob", balanceKopecks: 40_00 });
    await database.close();
    await writeFile(path.join(dataDir, "secrets.json"), SECRETS, { mode: 0o600 });
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it("brings every row and the secrets file back exactly, keeping what it replaced aside", async () => {
    const before = await openDatabase({ dataDir });
    const expected = await snapshot(before.db);
    await before.close();
    expect(expected.users).toHaveLength(2);
    expect(expected.entries.length).toBeGreaterThan(0);

    const file = path.join(work, "lootlane.backup.tar");
    const backup = await backupEmbeddedDatabase(dataDir, file);
    expect(backup.dataKey).toBe("ab".repeat(32));

    // Damage after the backup: a user gone with its money, another's balance changed, the secrets replaced.
    const after = await openDatabase({ dataDir });
    const bob = expected.users.find((user) => user.username === "backup_bob")!;
    await after.db.delete(ledgerEntries);
    await after.db.delete(ledgerTransactions);
    await after.db.delete(ledgerAccounts);
    await after.db.delete(users).where(eq(users.id, bob.id));
    await after.db.update(users).set({ balanceKopecks: 7 });
    await after.close();
    await writeFile(path.join(dataDir, "secrets.json"), "{}");

    await expect(restoreEmbeddedDatabase(dataDir, file, { force: false })).rejects.toThrow(
      /already holds a database.*--force/,
    );
    const restored = await restoreEmbeddedDatabase(dataDir, file, { force: true });
    expect(restored.violations).toEqual([]);
    expect(restored.dataKey).toBe("ab".repeat(32));
    expect(existsSync(path.join(restored.previousDirectory!, "PG_VERSION"))).toBe(true);
    expect(await readFile(restored.previousSecrets!, "utf8")).toBe("{}");
    expect(await readFile(path.join(dataDir, "secrets.json"), "utf8")).toBe(SECRETS);

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await snapshot(reopened.db)).toEqual(expected);
      expect(await checkLedger(reopened.db)).toEqual([]);
    } finally {
      await reopened.close();
    }
    // Closed cleanly: nothing marks the restored directory as in use, so the next backup can run.
    expect(existsSync(path.join(dataDir, "pglite", "postmaster.pid"))).toBe(false);
  });

  it("restores into an empty DATA_DIR without --force", async () => {
    const file = path.join(work, "lootlane.backup.tar");
    await backupEmbeddedDatabase(dataDir, file);
    const elsewhere = path.join(work, "elsewhere");
    const restored = await restoreEmbeddedDatabase(elsewhere, file, { force: false });
    expect(restored).toMatchObject({ previousDirectory: undefined, previousSecrets: undefined, violations: [] });
    const reopened = await openDatabase({ dataDir: elsewhere });
    try {
      expect(
        (await reopened.db.select({ username: users.username }).from(users).orderBy(asc(users.username))).map(
          (u) => u.username,
        ),
      ).toEqual(["backup_alice", "backup_bob"]);
    } finally {
      await reopened.close();
    }
  });

  it("refuses to back up or restore while another process has the database open, and never overwrites a backup", async () => {
    const file = path.join(work, "lootlane.backup.tar");
    await backupEmbeddedDatabase(dataDir, file);
    await expect(backupEmbeddedDatabase(dataDir, file)).rejects.toThrow(/already exists/);

    const server = await PGlite.create(path.join(dataDir, "pglite"));
    try {
      await expect(backupEmbeddedDatabase(dataDir, path.join(work, "other.tar"))).rejects.toThrow(BackupRefusedError);
      await expect(restoreEmbeddedDatabase(dataDir, file, { force: true })).rejects.toThrow(
        /in use.*stop the Lootlane server/,
      );
    } finally {
      await server.close();
    }
  });

  it("refuses a file that is not a backup", async () => {
    const file = path.join(work, "not-a-backup.tar");
    await writeFile(file, "hello");
    await expect(restoreEmbeddedDatabase(dataDir, file, { force: true })).rejects.toThrow(
      /is not a backup made by npm run backup/,
    );
  });
});
