import { roublesToKopecks, type PurchaseResult } from "@lootlane/contract";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { productUnits } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, type TestProductValues } from "../../test/test-catalog.js";
import { createTestClock } from "../../test/test-clock.js";
import { adjustBalanceAs, buyAs, failure } from "../../test/test-money.js";
import { eventsOf, notificationsOf } from "../../test/test-notifications.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { pause } from "../../test/test-chats.js";
import { signInAs } from "../../test/test-users.js";

/*
 * The deal's events, each written by the real action through the API: the sale and the delivery at the purchase,
 * the completion (by the buyer or by the time running out), the dispute and its resolution, and the reminder a day
 * before a deal confirms itself. Each goes to its own recipient only, and a refused action tells nobody.
 */

const HOUR_MS = 3_600_000;
/** Roubles each listing here costs. */
const PRICE = 100;
const clock = createTestClock();

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("nd", () => t);

beforeAll(async () => {
  // The app's own auto-confirmation runs every 50 ms on the test clock: moving the clock makes a deal due.
  t = await createTestApp({ commissionPercent: 10, sweepIntervalMs: 50 }, { clock: clock.now });
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

/** A seller's 100-rouble listing bought by a new buyer (`quantity` of it); both people and the answer. */
async function purchase(listing: Partial<TestProductValues> = {}, quantity = 1) {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: game.id,
    priceKopecks: roublesToKopecks(PRICE),
    title: "Notified listing title",
    ...listing,
  });
  await adjustBalanceAs(await signInAs(t.app, admin.user), buyer.user.id, PRICE * quantity);
  const response = await buyAs(t, buyer.client, product.id, { quantity });
  expect(response.statusCode, response.body).toBe(200);
  return { seller, buyer, product, result: response.json() as PurchaseResult };
}

/** A new session of the person: time moved on past their access token. */
const again = async (who: Person): Promise<Person> => ({ ...who, client: await signInAs(t.app, who.user) });

/**
 * The seller's deal_completed rows once the auto-confirmation has run for the clock's time: the app runs it on its
 * own, so this waits for it (running the queue, where background work is due, on each look).
 */
async function completionsOnceConfirmed(seller: Person, dealId: string) {
  for (let tries = 0; tries < 400; tries += 1) {
    await t.app.jobs.runDue();
    const rows = await eventsOf(seller.client, "deal_completed");
    if (rows.some((row) => row.params.deal_id === dealId)) return rows;
    await pause(25);
  }
  throw new Error(`deal ${dealId} was not confirmed automatically`);
}

describe("a purchase", () => {
  it("tells the seller what sold, for how much and which units went out, and the buyer that the goods are there", async () => {
    const { seller, buyer, product, result } = await purchase({ stockItems: ["KEY-1", "KEY-2", "KEY-3"] }, 2);
    const delivered = await t.database.db
      .select({ seq: productUnits.seq })
      .from(productUnits)
      .where(eq(productUnits.dealId, result.deal.id))
      .orderBy(asc(productUnits.seq));
    const about = { deal_id: result.deal.id, chat_id: result.chat_id, product_title: "Notified listing title" };

    expect(await notificationsOf(seller.client)).toEqual([
      {
        event: "sale",
        params: {
          ...about,
          product_id: product.id,
          quantity: 2,
          amount: 200,
          buyer_username: buyer.user.username,
          delivered_units: delivered.map((unit) => unit.seq),
        },
        id: expect.any(String),
        count: 1,
        read: false,
        link: `/chats?chat=${result.chat_id}`,
        created_at: clock.now().toISOString(),
      },
    ]);
    expect(delivered).toHaveLength(2);
    expect(await notificationsOf(buyer.client)).toMatchObject([
      { event: "order_delivered", params: { ...about, product_id: product.id, quantity: 2 }, read: false },
    ]);
  });

  it("delivers nothing by itself for a manual listing: no units named, and the buyer waits for the seller", async () => {
    const { seller, buyer } = await purchase({ delivery: "manual", quantity: 3 });
    expect(await eventsOf(seller.client, "sale")).toMatchObject([{ params: { quantity: 1, delivered_units: [] } }]);
    expect(await notificationsOf(buyer.client)).toEqual([]);
  });

  it("tells nobody of a purchase that was refused", async () => {
    const seller = await person();
    const buyer = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
    expect(failure(await buyAs(t, buyer.client, product.id))).toEqual([409, "NOT_ENOUGH_BALANCE"]);
    expect(await notificationsOf(seller.client)).toEqual([]);
    expect(await notificationsOf(buyer.client)).toEqual([]);
  });
});

describe("completion", () => {
  it("tells the seller what the buyer's confirmation earned them, after the commission", async () => {
    const { seller, buyer, product, result } = await purchase();
    const confirmed = await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: product.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await eventsOf(seller.client, "deal_completed")).toMatchObject([
      {
        params: {
          deal_id: result.deal.id,
          chat_id: result.chat_id,
          product_title: "Notified listing title",
          amount: 90,
          automatic: false,
        },
      },
    ]);
    expect(await eventsOf(buyer.client, "deal_completed")).toEqual([]);
  });

  it("says so when the time ran out and the deal confirmed itself", async () => {
    const { seller, result } = await purchase();
    clock.advance(t.config.autoConfirmHours * HOUR_MS);
    expect(await completionsOnceConfirmed(await again(seller), result.deal.id)).toMatchObject([
      { params: { deal_id: result.deal.id, amount: 90, automatic: true } },
    ]);
  });
});

describe("disputes", () => {
  it("tells the seller of the buyer's report, and both of them of the admin's decision", async () => {
    const { seller, buyer, result } = await purchase();
    const reported = await buyer.client.post(`/v1/deals/${result.deal.id}/dispute`, {
      reason: "not_received",
      text: "Nothing arrived after an hour",
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const about = { deal_id: result.deal.id, chat_id: result.chat_id, product_title: "Notified listing title" };
    expect(await eventsOf(seller.client, "dispute_opened")).toMatchObject([{ params: about }]);
    expect(await eventsOf(buyer.client, "dispute_opened")).toEqual([]);

    const resolved = await (
      await signInAs(t.app, admin.user)
    ).post(`/v1/admin/deals/${result.deal.id}/resolve`, { resolution: "refund", product_status: "withdrawn" });
    expect(resolved.statusCode, resolved.body).toBe(200);
    for (const side of [seller, buyer])
      expect(await eventsOf(side.client, "dispute_resolved")).toMatchObject([
        { params: { ...about, outcome: "refund" } },
      ]);
  });

  it("tells nobody of a report the deal refuses", async () => {
    const { seller, buyer, product, result } = await purchase();
    await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: product.id });
    const late = await buyer.client.post(`/v1/deals/${result.deal.id}/dispute`, {
      reason: "not_received",
      text: "Reported after confirming it",
    });
    expect(failure(late)).toEqual([409, "INVALID_DEAL_STATUS"]);
    expect(await eventsOf(seller.client, "dispute_opened")).toEqual([]);
  });
});

describe("the reminder a day before a deal confirms itself", () => {
  const leadMs = () => (t.config.autoConfirmHours - 24) * HOUR_MS;

  it("reaches the buyer 24 hours before the auto-confirmation, not a minute sooner", async () => {
    const { seller, buyer, result } = await purchase();
    clock.advance(leadMs() - 60_000);
    await t.app.jobs.runDue();
    expect(await eventsOf((await again(buyer)).client, "auto_confirm_soon")).toEqual([]);

    clock.advance(60_000);
    await t.app.jobs.runDue();
    expect(await eventsOf((await again(buyer)).client, "auto_confirm_soon")).toMatchObject([
      {
        params: {
          deal_id: result.deal.id,
          chat_id: result.chat_id,
          product_title: "Notified listing title",
          auto_confirm_at: result.deal.auto_confirm_at,
        },
        link: `/chats?chat=${result.chat_id}`,
      },
    ]);
    expect(await eventsOf((await again(seller)).client, "auto_confirm_soon")).toEqual([]);
  });

  it("stays silent for a deal the buyer disputed or confirmed before then", async () => {
    const disputed = await purchase();
    const report = await disputed.buyer.client.post(`/v1/deals/${disputed.result.deal.id}/dispute`, {
      reason: "not_received",
      text: "Nothing arrived after an hour",
    });
    expect(report.statusCode, report.body).toBe(200);
    const confirmed = await purchase();
    const confirm = await confirmed.buyer.client.request("PATCH", "/v1/products/confirm-receipt", {
      product_id: confirmed.product.id,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    clock.advance(leadMs());
    await t.app.jobs.runDue();
    for (const { buyer } of [disputed, confirmed])
      expect(await eventsOf((await again(buyer)).client, "auto_confirm_soon")).toEqual([]);
  });
});
