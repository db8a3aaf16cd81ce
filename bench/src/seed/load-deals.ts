import { sql } from "drizzle-orm";
import type { Db } from "@lootlane/server/db/client";
import type { DealPlan } from "./deal-plan.js";

/** Rows per insert, as for the listings (load-catalogue.ts). */
const BATCH_SIZE = 20_000;

/**
 * Inserts the planned buyers, chats, deals, messages and ledger rows in the caller's transaction, parents first.
 * users.balance_kopecks is the projection of the user's available account: buyers go in with theirs, and the
 * sellers, inserted before there was any money, get theirs at the end.
 */
export async function insertDeals(tx: Db, plan: DealPlan, passwordHash: string): Promise<void> {
  await inBatches(plan.users, (u) =>
    tx.execute(sql`
      insert into users (id, email, username, password_hash, balance_kopecks, created_at, updated_at)
      select id, 'user' || n || '@bench.lootlane.test', 'user' || n, ${passwordHash}, balance, created_at, created_at
      from unnest(
        ${sql.param(u.ids)}::uuid[], ${sql.param(u.numbers)}::int[], ${sql.param(u.balances)}::bigint[], ${sql.param(u.createdAts)}::timestamptz[]
      ) as u(id, n, balance, created_at)`),
  );
  await inBatches(plan.chats, (c) =>
    tx.execute(sql`
      insert into chats (id, product_id, buyer_id, seller_id, created_at, last_message_at)
      select * from unnest(
        ${sql.param(c.ids)}::uuid[], ${sql.param(c.productIds)}::uuid[], ${sql.param(c.buyerIds)}::uuid[], ${sql.param(c.sellerIds)}::uuid[],
        ${sql.param(c.createdAts)}::timestamptz[], ${sql.param(c.lastMessageAts)}::timestamptz[])`),
  );
  // Each deal bought one unit of an `auto` listing: the price is the unit's.
  await inBatches(plan.deals, (d) =>
    tx.execute(sql`
      insert into deals (id, product_id, buyer_id, seller_id, chat_id, product_title, unit_price_kopecks, quantity, delivery, price_kopecks, commission_kopecks, status, auto_confirm_at, created_at, completed_at, updated_at)
      select id, product_id, buyer_id, seller_id, chat_id, product_title, price, 1, 'auto', price, commission, status, auto_confirm_at, created_at, completed_at, coalesce(completed_at, created_at)
      from unnest(
        ${sql.param(d.ids)}::uuid[], ${sql.param(d.productIds)}::uuid[], ${sql.param(d.buyerIds)}::uuid[], ${sql.param(d.sellerIds)}::uuid[],
        ${sql.param(d.chatIds)}::uuid[], ${sql.param(d.productTitles)}::text[], ${sql.param(d.priceKopecks)}::bigint[], ${sql.param(d.commissionKopecks)}::bigint[],
        ${sql.param(d.statuses)}::text[], ${sql.param(d.autoConfirmAts)}::timestamptz[], ${sql.param(d.createdAts)}::timestamptz[], ${sql.param(d.completedAts)}::timestamptz[]
      ) as u(id, product_id, buyer_id, seller_id, chat_id, product_title, price, commission, status, auto_confirm_at, created_at, completed_at)`),
  );
  await inBatches(plan.messages, (m) =>
    tx.execute(sql`
      insert into messages (chat_id, deal_id, sender_id, text, message_type, is_read, created_at)
      select * from unnest(
        ${sql.param(m.chatIds)}::uuid[], ${sql.param(m.dealIds)}::uuid[], ${sql.param(m.senderIds)}::uuid[], ${sql.param(m.texts)}::text[],
        ${sql.param(m.types)}::text[], ${sql.param(m.isReads)}::boolean[], ${sql.param(m.createdAts)}::timestamptz[])`),
  );
  const { accounts, transactions, entries } = plan.ledger;
  await inBatches(accounts, (a) =>
    tx.execute(sql`
      insert into ledger_accounts (id, kind, user_id, deal_id, balance_kopecks)
      select * from unnest(
        ${sql.param(a.ids)}::uuid[], ${sql.param(a.kinds)}::text[], ${sql.param(a.userIds)}::uuid[], ${sql.param(a.dealIds)}::uuid[], ${sql.param(a.balances)}::bigint[])`),
  );
  await inBatches(transactions, (t) =>
    tx.execute(sql`
      insert into ledger_transactions (id, kind, deal_id, actor_id, memo, created_at)
      select * from unnest(
        ${sql.param(t.ids)}::uuid[], ${sql.param(t.kinds)}::text[], ${sql.param(t.dealIds)}::uuid[], ${sql.param(t.actorIds)}::uuid[],
        ${sql.param(t.memos)}::text[], ${sql.param(t.createdAts)}::timestamptz[])`),
  );
  await inBatches(entries, (e) =>
    tx.execute(sql`
      insert into ledger_entries (transaction_id, account_id, amount_kopecks, balance_after_kopecks, created_at)
      select * from unnest(
        ${sql.param(e.transactionIds)}::uuid[], ${sql.param(e.accountIds)}::uuid[], ${sql.param(e.amounts)}::bigint[],
        ${sql.param(e.balanceAfters)}::bigint[], ${sql.param(e.createdAts)}::timestamptz[])`),
  );
  await tx.execute(sql`
    update users u set balance_kopecks = a.balance_kopecks
    from ledger_accounts a
    where a.kind = 'user_available' and a.user_id = u.id and a.balance_kopecks <> u.balance_kopecks`);
}

/** Runs `insert` on BATCH_SIZE rows at a time, each call with the same slice of every column. */
async function inBatches<K extends string>(
  columns: Record<K, readonly unknown[]>,
  insert: (slice: Record<K, unknown[]>) => Promise<unknown>,
): Promise<void> {
  const entries = Object.entries<readonly unknown[]>(columns);
  const length = entries[0]?.[1].length ?? 0;
  for (let start = 0; start < length; start += BATCH_SIZE) {
    const slice = Object.fromEntries(entries.map(([name, values]) => [name, values.slice(start, start + BATCH_SIZE)]));
    await insert(slice as Record<K, unknown[]>);
  }
}
