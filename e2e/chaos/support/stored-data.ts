import { inArray, type SQL, sql } from "drizzle-orm";
import { openDatabase } from "@lootlane/server/db/client";
import { jobs } from "@lootlane/server/db/schema/jobs";
import { checkLedger, describeLedgerViolation } from "@lootlane/server/modules/ledger/ledger-check.service";

/** Where a stopped server kept its data: PostgreSQL when a URL is given, else the embedded database under dataDir. */
export type DataLocation = { databaseUrl?: string; dataDir: string };

/** Rows that exist only as half of what one transaction writes together; every list must be empty. */
export type HalfWritten = {
  dealsWithoutPurchaseTransaction: string[];
  purchaseTransactionsWithoutDeal: string[];
  /** Products whose `purchased` status disagrees with having an open deal. */
  productsOutOfStepWithDeals: string[];
  /** Chats whose purchase cards do not match their deals one for one. */
  chatsOutOfStepWithCards: string[];
};

export type StoredData = {
  ledgerViolations: string[];
  halfWritten: HalfWritten;
  /** Every deal: which product, for which buyer. */
  deals: { id: string; productId: string; buyerId: string }[];
};

/**
 * Reads the data straight from the database, as `npm run ledger:check` does: the ledger check of the server's
 * own module, and the pairs one purchase writes in one transaction. The server must be stopped first: the
 * embedded database belongs to one process at a time.
 */
export async function readStoredData(location: DataLocation): Promise<StoredData> {
  const database = await openDatabase(location);
  try {
    // Both drivers answer an object with `rows`; the shared Db type does not say so.
    const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const ids = async (query: SQL) => (await rows<{ id: string }>(query)).map((row) => row.id);
    const halfWritten: HalfWritten = {
      dealsWithoutPurchaseTransaction: await ids(sql`select d.id from deals d
        where not exists (select 1 from ledger_transactions t where t.deal_id = d.id and t.kind = 'purchase')`),
      purchaseTransactionsWithoutDeal: await ids(
        sql`select t.id from ledger_transactions t where t.kind = 'purchase' and t.deal_id is null`,
      ),
      productsOutOfStepWithDeals: await ids(sql`select p.id from products p
        where (p.status = 'purchased') <> exists (select 1 from deals d where d.product_id = p.id and d.status in ('purchased', 'disputed'))`),
      chatsOutOfStepWithCards: await ids(sql`select c.id from chats c
        where (select count(*) from deals d where d.chat_id = c.id)
           <> (select count(*) from messages m where m.chat_id = c.id and m.message_type = 'purchase_info')`),
    };
    const deals = await rows<StoredData["deals"][number]>(
      sql`select id, product_id as "productId", buyer_id as "buyerId" from deals`,
    );
    const ledgerViolations = (await checkLedger(database.db)).map(describeLedgerViolation);
    return { ledgerViolations, halfWritten, deals };
  } finally {
    await database.close();
  }
}

export type QueuedJob = { kind: string; attempts: number; lastError: string | null; failedAt: Date | null };

/** The jobs of these kinds still in a stopped server's queue: waiting, or failed for good. */
export async function readQueuedJobs(location: DataLocation, kinds: string[]): Promise<QueuedJob[]> {
  const database = await openDatabase(location);
  try {
    return await database.db
      .select({ kind: jobs.kind, attempts: jobs.attempts, lastError: jobs.lastError, failedAt: jobs.failedAt })
      .from(jobs)
      .where(inArray(jobs.kind, kinds));
  } finally {
    await database.close();
  }
}
