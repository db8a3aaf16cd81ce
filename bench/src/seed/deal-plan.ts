import { randomUUID } from "node:crypto";
import type { DealEvent } from "@lootlane/contract";
import type { MessageType } from "@lootlane/server/db/schema/chats";
import type { DealStatus } from "@lootlane/server/db/schema/deals";
import type { DealTerms } from "@lootlane/server/modules/deals/deals.service";
import type { Posting } from "@lootlane/server/modules/ledger/ledger.service";
import { LedgerRows, type LedgerColumns } from "./ledger-rows.js";
import { randomBetween } from "./listings.js";
import type { Sale } from "./sales.js";

/** Every row of the buyers and the deals as column arrays, ready for `insert … select from unnest(…)`. */
export type DealPlan = {
  users: { ids: string[]; numbers: number[]; createdAts: string[]; balances: number[] };
  chats: {
    ids: string[];
    productIds: string[];
    buyerIds: string[];
    sellerIds: string[];
    createdAts: string[];
    lastMessageAts: string[];
  };
  deals: {
    ids: string[];
    productIds: string[];
    buyerIds: string[];
    sellerIds: string[];
    chatIds: string[];
    /** The snapshot of what was bought: one unit of the listing, at its price, delivered automatically. */
    productTitles: string[];
    priceKopecks: number[];
    commissionKopecks: number[];
    statuses: DealStatus[];
    autoConfirmAts: string[];
    createdAts: string[];
    completedAts: (string | null)[];
  };
  messages: {
    chatIds: string[];
    /** The deal a purchase card or system message is about; null for the members' own messages. */
    dealIds: (string | null)[];
    senderIds: (string | null)[];
    texts: string[];
    types: MessageType[];
    isReads: boolean[];
    createdAts: string[];
  };
  ledger: LedgerColumns;
  openDeals: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Buyers signed up over the marketplace's history; the sellers (load-catalogue.ts) are older still. */
const SIGN_UP_HISTORY_MS = 400 * DAY_MS;
/** Of the users who bought nothing, this share has money on their balance all the same. */
const FUNDED_SHARE = 0.4;
/** Top-ups are whole thousands of roubles, as people top up. */
const TOP_UP_STEP_KOPECKS = 100_000;
const TOP_UP_MEMO = "bench opening balance";
/** The purchase card's text; the card itself is the chat's product (PURCHASE_MESSAGE_TEXT in deals.lifecycle.ts). */
const PURCHASE_MESSAGE_TEXT = "purchase";
/** A deal's conversation happens soon after the purchase, within this span of it. */
const CONVERSATION_MS = 2 * HOUR_MS;

type Buyer = { id: string; createdAt: number; firstPurchaseAt: number | null; spentKopecks: number };

/**
 * `users` buyer accounts and a deal for each sale, written the way the server writes a purchase and its
 * confirmation (deals-purchase.service.ts, deals.lifecycle.ts, chats.service.ts): the chat with the purchase card,
 * a few text messages and, once completed, the system message of the confirmation; the deal; and the money
 * through the ledger. Every buyer is first topped up, as an admin top-up does (admin_adjustment against
 * `external`), with at least what they spend.
 */
export function planDeals(
  random: () => number,
  input: { sales: readonly Sale[]; users: number; sellerIds: readonly string[]; terms: DealTerms; now: number },
): DealPlan {
  const { sales, terms, now } = input;
  const buyers: Buyer[] = Array.from({ length: input.users }, () => ({
    id: randomUUID(),
    createdAt: randomBetween(random, now - SIGN_UP_HISTORY_MS, now),
    firstPurchaseAt: null,
    spentKopecks: 0,
  }));
  const ledger = new LedgerRows();
  // Every user has their account from sign-up on, as the server's seed and sign-up open it.
  for (const userId of [...input.sellerIds, ...buyers.map((buyer) => buyer.id)])
    ledger.open({ kind: "user_available", userId });
  const plan: DealPlan = {
    users: { ids: [], numbers: [], createdAts: [], balances: [] },
    chats: { ids: [], productIds: [], buyerIds: [], sellerIds: [], createdAts: [], lastMessageAts: [] },
    deals: {
      ids: [],
      productIds: [],
      buyerIds: [],
      sellerIds: [],
      chatIds: [],
      productTitles: [],
      priceKopecks: [],
      commissionKopecks: [],
      statuses: [],
      autoConfirmAts: [],
      createdAts: [],
      completedAts: [],
    },
    messages: { chatIds: [], dealIds: [], senderIds: [], texts: [], types: [], isReads: [], createdAts: [] },
    ledger: ledger.columns,
    openDeals: 0,
  };
  const postings: Posting[] = [];

  for (const sale of sales) {
    const buyer = buyers[Math.floor(random() * buyers.length)]!;
    buyer.firstPurchaseAt = Math.min(buyer.firstPurchaseAt ?? sale.boughtAt, sale.boughtAt);
    buyer.spentKopecks += sale.priceKopecks;
    postings.push(...addDeal(random, plan, sale, buyer.id, terms, now));
  }

  buyers.forEach((buyer, i) => {
    if (buyer.firstPurchaseAt !== null)
      buyer.createdAt = Math.min(buyer.createdAt, buyer.firstPurchaseAt - randomBetween(random, HOUR_MS, 30 * DAY_MS));
    plan.users.ids.push(buyer.id);
    plan.users.numbers.push(i + 1);
    plan.users.createdAts.push(new Date(buyer.createdAt).toISOString());
    const topUp = topUpKopecks(random, buyer.spentKopecks);
    if (topUp === 0) return;
    postings.push({
      kind: "admin_adjustment",
      // The bench database has no admin: nobody in it made the top-up.
      actorId: null,
      memo: TOP_UP_MEMO,
      at: new Date(randomBetween(random, buyer.createdAt, buyer.firstPurchaseAt ?? now)),
      entries: [
        { account: { kind: "user_available", userId: buyer.id }, amountKopecks: topUp },
        { account: { kind: "external" }, amountKopecks: -topUp },
      ],
    });
  });

  // In time order, so no balance is ever spent before it is paid in (a stable sort keeps a deal's own order).
  for (const posting of postings.sort((a, b) => a.at.getTime() - b.at.getTime())) ledger.post(posting);
  plan.users.balances = plan.users.ids.map((userId) => ledger.balanceOf({ kind: "user_available", userId }));
  plan.openDeals = sales.filter((sale) => sale.completion === null).length;
  return plan;
}

/** The chat, its messages and the deal of one sale; answers the deal's postings (the purchase, the release). */
function addDeal(
  random: () => number,
  plan: DealPlan,
  sale: Sale,
  buyerId: string,
  terms: DealTerms,
  now: number,
): Posting[] {
  const chatId = randomUUID();
  const dealId = randomUUID();
  const { completion, priceKopecks, sellerId } = sale;
  const commission = commissionOf(priceKopecks, terms.commissionPercent);

  const say = (senderId: string | null, type: MessageType, text: string, at: number) => {
    plan.messages.chatIds.push(chatId);
    // insertDealMessage (chats-messages.service.ts) stores the deal with the deal's own messages.
    plan.messages.dealIds.push(type === "text" ? null : dealId);
    plan.messages.senderIds.push(senderId);
    plan.messages.texts.push(text);
    plan.messages.types.push(type);
    plan.messages.isReads.push(true);
    plan.messages.createdAts.push(new Date(at).toISOString());
    return at;
  };
  let lastAt = say(null, "purchase_info", PURCHASE_MESSAGE_TEXT, sale.boughtAt);
  const turns = completion ? 2 + Math.floor(random() * 3) : 1 + Math.floor(random() * 3);
  const span = Math.min(CONVERSATION_MS, (completion?.at ?? now) - sale.boughtAt - 2);
  sale.language.chat.slice(0, turns).forEach((turn, k) => {
    const at = sale.boughtAt + 1 + Math.floor((Math.max(span, 0) * (k + random())) / turns);
    const line = turn.lines[Math.floor(random() * turn.lines.length)]!;
    lastAt = say(turn.from === "buyer" ? buyerId : sellerId, "text", line, at);
  });
  if (completion) {
    const event: DealEvent = completion.automatic ? "auto_confirmed" : "confirmed";
    lastAt = say(null, "system", event, completion.at);
  } else {
    // The open deal's last line is still waiting for the other member to read it.
    plan.messages.isReads[plan.messages.isReads.length - 1] = false;
  }

  plan.chats.ids.push(chatId);
  plan.chats.productIds.push(sale.productId);
  plan.chats.buyerIds.push(buyerId);
  plan.chats.sellerIds.push(sellerId);
  plan.chats.createdAts.push(new Date(sale.boughtAt).toISOString());
  plan.chats.lastMessageAts.push(new Date(lastAt).toISOString());

  plan.deals.ids.push(dealId);
  plan.deals.productIds.push(sale.productId);
  plan.deals.buyerIds.push(buyerId);
  plan.deals.sellerIds.push(sellerId);
  plan.deals.chatIds.push(chatId);
  plan.deals.productTitles.push(sale.title);
  plan.deals.priceKopecks.push(priceKopecks);
  plan.deals.commissionKopecks.push(commission);
  plan.deals.statuses.push(completion ? "completed" : "purchased");
  plan.deals.autoConfirmAts.push(new Date(sale.boughtAt + terms.autoConfirmHours * HOUR_MS).toISOString());
  plan.deals.createdAts.push(new Date(sale.boughtAt).toISOString());
  plan.deals.completedAts.push(completion ? new Date(completion.at).toISOString() : null);

  // startDeal's purchase and payOut's release (deals.lifecycle.ts); the sweeper's confirmation has no actor.
  const purchase: Posting = {
    kind: "purchase",
    dealId,
    actorId: buyerId,
    at: new Date(sale.boughtAt),
    entries: [
      { account: { kind: "user_available", userId: buyerId }, amountKopecks: -priceKopecks },
      { account: { kind: "deal_escrow", dealId }, amountKopecks: priceKopecks },
    ],
  };
  if (!completion) return [purchase];
  const seller = { kind: "user_available", userId: sellerId } as const;
  const release: Posting = {
    kind: "release",
    dealId,
    actorId: completion.automatic ? null : buyerId,
    at: new Date(completion.at),
    entries: [
      { account: { kind: "deal_escrow", dealId }, amountKopecks: -priceKopecks },
      { account: seller, amountKopecks: priceKopecks },
      { account: seller, amountKopecks: -commission },
      { account: { kind: "platform_fees" }, amountKopecks: commission },
    ],
  };
  return [purchase, release];
}

/** What a buyer was topped up with: what they spend and some to spare, or for a non-buyer now and then some. */
function topUpKopecks(random: () => number, spentKopecks: number): number {
  if (spentKopecks === 0 && random() >= FUNDED_SHARE) return 0;
  const wanted = spentKopecks + Math.floor(random() * 20 * TOP_UP_STEP_KOPECKS);
  return Math.max(1, Math.ceil(wanted / TOP_UP_STEP_KOPECKS)) * TOP_UP_STEP_KOPECKS;
}

/** The server's commission (commissionOf in deals.lifecycle.ts, not exported): the percent of the price, rounded down to whole kopecks. */
function commissionOf(priceKopecks: number, percent: number): number {
  // toFixed drops the binary noise of fractional percents (e.g. 0.29 × 100) before rounding down.
  return Math.floor(Number(((priceKopecks * percent) / 100).toFixed(6)));
}
