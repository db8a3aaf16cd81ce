import type { Deal, PurchaseResult, StatementPage, Wallet } from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { ledgerTransactions } from "../../db/schema/ledger.js";
import { notificationsOf } from "../../test/test-notifications.js";
import { assertLedgerBalanced, createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { createTestClock } from "../../test/test-clock.js";
import { adjustBalanceAs, buyAs, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { signInAs } from "../../test/test-users.js";
import { withdrawAs } from "../../test/test-withdrawals.js";
import { sweepDueGuarantees } from "./deals.sweeper.js";

/*
 * Issue 22's proof: the guarantee after receipt. A deal completed in a kind of goods with a guarantee holds its
 * seller's earnings until the window ends; inside it the buyer may dispute the completed deal, and the admin's
 * refund comes out of the held money. The sweeper pays the held money out once, however many run.
 */

const DAY_MS = 86_400_000;
const clock = createTestClock();

let t: TestApp;
let admin: Person;
let accounts: Category;
let plainGame: Category;
const { person } = testPeople("guarantee", () => t);

beforeAll(async () => {
  t = await createTestApp({ commissionPercent: 5 }, { clock: clock.now });
  admin = await person("admin");
  const game = await createTestGame(t.database.db);
  accounts = await createTestSubcategory(t.database.db, game, "Accounts");
  const set = await admin.client.request("PATCH", `/v1/admin/category/${accounts.id}`, { guarantee_days: 14 });
  expect(set.statusCode, set.body).toBe(200);
  plainGame = await createTestGame(t.database.db);
});
afterAll(() => t.close());

/** Signs the person in again: the clock moves by days here, past any access token. */
const fresh = async (who: Person): Promise<Person> => ({ user: who.user, client: await signInAs(t.app, who.user) });

/** A 200-rouble purchase in the category, confirmed by its buyer: the seller nets 190 (5 % commission). */
async function completedDeal(categoryId = accounts.id) {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId, priceKopecks: 200_00 });
  await adjustBalanceAs((await fresh(admin)).client, buyer.user.id, 200);
  const purchase = (await buyAs(t, buyer.client, product.id)).json() as PurchaseResult;
  const confirmed = await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: product.id });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { seller, buyer, product, dealId: purchase.deal.id, deal: confirmed.json() as Deal };
}

const walletOf = async (who: Person) => (await (await fresh(who)).client.get("/v1/wallet")).json() as Wallet;
const dispute = (who: Person, dealId: string) =>
  who.client.post(`/v1/deals/${dealId}/dispute`, { reason: "stopped_working", text: "The account was taken back" });
const resolve = async (dealId: string, resolution: "refund" | "release") =>
  (await fresh(admin)).client.post(`/v1/admin/deals/${dealId}/resolve`, { resolution });
const releases = (dealId: string) =>
  t.database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.dealId, dealId), eq(ledgerTransactions.kind, "guarantee_release")));

describe("earnings held by a guarantee", () => {
  it("holds the seller's net until the window ends, shown in the wallet and statement, and not withdrawable", async () => {
    const { seller, deal } = await completedDeal();
    expect(deal).toMatchObject({ status: "completed", guarantee_released_at: null });
    expect(Date.parse(deal.guarantee_until!) - Date.parse(deal.closed_at!)).toBe(14 * DAY_MS);
    expect(await walletOf(seller)).toMatchObject({ available: 0, held: 0, balance: 0, guarantee_held: 190 });
    const statement = (await seller.client.get("/v1/wallet/statement")).json() as StatementPage;
    expect(statement.entries.map(({ kind, account, amount }) => [kind, account, amount])).toEqual([
      ["commission", "guarantee", -10],
      ["guarantee_hold", "guarantee", 200],
    ]);
    expect(failure(await withdrawAs(seller.client, 100))).toEqual([409, "NOT_ENOUGH_BALANCE"]);
    // The sale and its completion happen at one moment of the held clock, so they are found by event, not order.
    const completion = (await notificationsOf(seller.client)).find((row) => row.event === "deal_completed");
    expect(completion?.params).toMatchObject({ amount: 190, held_until: deal.guarantee_until });

    clock.advance(14 * DAY_MS);
    await sweepDueGuarantees({ db: t.database.db, clock: clock.now });
    expect(await walletOf(seller)).toMatchObject({ available: 190, guarantee_held: 0 });
    const after = (await (await fresh(seller)).client.get("/v1/wallet/statement")).json() as StatementPage;
    expect(after.entries.slice(0, 2).map(({ kind, account, amount }) => [kind, account, amount])).toEqual([
      ["guarantee_release", "available", 190],
      ["guarantee_release", "guarantee", -190],
    ]);
    await assertLedgerBalanced(t.database);
  });

  it("pays at once, as before, where the category and its game give no guarantee", async () => {
    const { seller, buyer, dealId, deal } = await completedDeal(plainGame.id);
    expect(deal.guarantee_until).toBeNull();
    expect(await walletOf(seller)).toMatchObject({ available: 190, guarantee_held: 0 });
    expect(failure(await dispute(buyer, dealId))).toEqual([409, "INVALID_DEAL_STATUS"]);
  });
});

describe("a dispute after receipt", () => {
  it("refunded: the buyer gets the whole price back from the held money and the fees", async () => {
    const { seller, buyer, dealId } = await completedDeal();
    clock.advance(13 * DAY_MS);
    const opened = await dispute(await fresh(buyer), dealId);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: "disputed", dispute: { status: "open" } });
    // The window passes while the dispute is open: the money stays held.
    clock.advance(2 * DAY_MS);
    await sweepDueGuarantees({ db: t.database.db, clock: clock.now });
    expect(await walletOf(seller)).toMatchObject({ guarantee_held: 190, available: 0 });

    const refunded = await resolve(dealId, "refund");
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: "refunded", dispute: { resolution: "refund" } });
    expect(await walletOf(buyer)).toMatchObject({ available: 200 });
    expect(await walletOf(seller)).toMatchObject({ guarantee_held: 0, available: 0 });
    await assertLedgerBalanced(t.database);
  });

  it("released: back to completed, still held until the window ends, and disputable again inside it", async () => {
    const { seller, buyer, dealId, deal } = await completedDeal();
    clock.advance(DAY_MS);
    expect((await dispute(await fresh(buyer), dealId)).statusCode).toBe(200);
    const released = await resolve(dealId, "release");
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      status: "completed",
      closed_at: deal.closed_at,
      guarantee_until: deal.guarantee_until,
      guarantee_released_at: null,
    });
    expect(await walletOf(seller)).toMatchObject({ guarantee_held: 190, available: 0 });

    const again = await dispute(await fresh(buyer), dealId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: "disputed", dispute: { status: "open", resolution: null } });
    // Decided after the window: the release pays the seller at once.
    clock.advance(14 * DAY_MS);
    expect((await resolve(dealId, "release")).json()).toMatchObject({ status: "completed" });
    expect(await walletOf(seller)).toMatchObject({ guarantee_held: 0, available: 190 });
    expect(await releases(dealId)).toHaveLength(1);
    await assertLedgerBalanced(t.database);
  });

  it("is refused once the window has passed", async () => {
    const { buyer, dealId } = await completedDeal();
    clock.advance(14 * DAY_MS);
    expect(failure(await dispute(await fresh(buyer), dealId))).toEqual([409, "INVALID_DEAL_STATUS"]);
  });
});

describe("the release of held earnings", () => {
  it("happens once however many sweepers run at the same moment", async () => {
    const { seller, dealId } = await completedDeal();
    clock.advance(14 * DAY_MS);
    await Promise.all(Array.from({ length: 4 }, () => sweepDueGuarantees({ db: t.database.db, clock: clock.now })));
    expect(await releases(dealId)).toHaveLength(1);
    expect(await walletOf(seller)).toMatchObject({ guarantee_held: 0, available: 190 });
    await assertLedgerBalanced(t.database);
  });

  it("races a dispute at the boundary: exactly one of them wins and the ledger adds up", async () => {
    const { seller, buyer, dealId, deal } = await completedDeal();
    const until = new Date(deal.guarantee_until!);
    // The buyer's request reads the app's clock a moment before the end; the sweeper's own clock is at the end.
    clock.set(new Date(until.getTime() - 1));
    const buyerNow = await fresh(buyer);
    const [answer] = await Promise.all([
      dispute(buyerNow, dealId),
      sweepDueGuarantees({ db: t.database.db, clock: () => until }),
    ]);
    const released = await releases(dealId);
    if (answer.statusCode === 200) {
      expect(released).toHaveLength(0);
      expect(await walletOf(seller)).toMatchObject({ guarantee_held: 190, available: 0 });
      expect((await resolve(dealId, "refund")).statusCode).toBe(200);
    } else {
      expect(failure(answer)).toEqual([409, "INVALID_DEAL_STATUS"]);
      expect(released).toHaveLength(1);
      expect(await walletOf(seller)).toMatchObject({ guarantee_held: 0, available: 190 });
    }
    await assertLedgerBalanced(t.database);
    clock.set(until);
  });
});
