import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.js";
import { migrateDatabase } from "./db/migrate.js";
import { ledgerAccounts, ledgerEntries } from "./db/schema/ledger.js";
import { users } from "./db/schema/users.js";
import { createTestUser } from "./test/test-users.js";
import { creditTestTopUp, requestTestWithdrawal } from "./test/test-wallet-postings.js";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const script = path.join(root, "apps/server/src/check-ledger.ts");

/** `npm run ledger:check` as an operator runs it, against the embedded database of DATA_DIR. */
async function checkLedgerOf(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--conditions=source", "--import", "tsx", script], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// The script reads the embedded database; one driver is enough to prove what it reports.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run ledger:check", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-ledger-check-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("says OK for a ledger that adds up, wallet accounts included, and names what does not, exiting 1", async () => {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    const user = await createTestUser(database.db, { username: "ledger_cli", balanceKopecks: 250_00 });
    // provider_clearing goes below zero, as the outside world may; user_held holds the withdrawal.
    await creditTestTopUp(database.db, user.id, 50_00);
    await requestTestWithdrawal(database.db, user.id, { amountKopecks: 100_00, feeKopecks: 1_00 });
    await database.close();

    const healthy = await checkLedgerOf(dataDir);
    expect(healthy.code, healthy.stderr).toBe(0);
    expect(healthy.stdout).toContain("OK");

    const tampered = await openDatabase({ dataDir });
    await tampered.db.update(users).set({ balanceKopecks: 999_00 }).where(eq(users.id, user.id));
    const [held] = await tampered.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, user.id), eq(ledgerAccounts.kind, "user_held")));
    const [entry] = await tampered.db
      .update(ledgerEntries)
      .set({ balanceAfterKopecks: 999_00 })
      .where(eq(ledgerEntries.accountId, held!.id))
      .returning({ id: ledgerEntries.id });
    await tampered.close();

    const broken = await checkLedgerOf(dataDir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(
      `user ${user.id} (ledger_cli): users.balance_kopecks is 99900, the available account holds 19900`,
    );
    expect(broken.stderr).toContain(
      `entry ${entry!.id} of account ${held!.id}: balance after 99900 kopecks, its account's entries up to it sum to 10100`,
    );
  });

  it("refuses to check a database that is not there, exiting 2", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "lootlane-ledger-none-"));
    try {
      const result = await checkLedgerOf(empty);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("No database to check");
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
