import type { ChatMessage, Deal, PurchaseResult } from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { ledgerTransactions } from "../../db/schema/ledger.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { connectAs, joinRoom, listenOnFreePort, nextEvent, type ChatSocket } from "../../test/test-chats.js";
import { createTestClock } from "../../test/test-clock.js";
import { adjustBalanceAs, balanceOf, buyAs } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { sweepDueDeals } from "./deals.sweeper.js";

const HOUR_MS = 3_600_000;
const clock = createTestClock();

let t: TestApp;
let url: string;
let game: Category;
let adminUser: User;
let counter = 0;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  // The app's own job queue polls every 50 ms, so moving the clock is all it takes for its recurring sweep to
  // confirm a deal that came due.
  t = await createTestApp({ jobsPollMs: 50 }, { clock: clock.now });
  url = await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
  adminUser = await createTestUser(t.database.db, { username: "sweep_admin", role: "admin" });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t.close());

/** A fresh purchase of a 100-rouble product; sessions are signed in anew since the clock may have moved past them. */
async function purchase() {
  const seller = await createTestUser(t.database.db, { username: `sweep_seller_${++counter}` });
  const buyer = await createTestUser(t.database.db, { username: `sweep_buyer_${counter}` });
  const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, priceKopecks: 100_00 });
  await adjustBalanceAs(await signInAs(t.app, adminUser), buyer.id, 100);
  const buyerClient = await signInAs(t.app, buyer);
  const response = await buyAs(t, buyerClient, product.id);
  expect(response.statusCode, response.body).toBe(200);
  return { seller, buyer, buyerClient, product, purchase: response.json() as PurchaseResult };
}

const quietNotifier = { dealMessagePosted: async () => undefined };

describe("automatic confirmation", () => {
  it("confirms a purchase AUTO_CONFIRM_HOURS after it, live in the chat, and leaves a disputed deal alone", async () => {
    const due = await purchase();
    const disputed = await purchase();
    const report = await disputed.buyerClient.post(`/v1/deals/${disputed.purchase.deal.id}/dispute`, {
      reason: "not_as_described",
      text: "This is not the account I paid for",
    });
    expect(report.statusCode, report.body).toBe(200);
    const socket = await connectAs(url, due.buyerClient);
    sockets.push(socket);
    await joinRoom(socket, due.purchase.chat_id);
    const notice = nextEvent(socket, "new_message", (message) => message.message_type === "system");

    clock.advance(t.config.autoConfirmHours * HOUR_MS - 60_000);
    expect(await sweepDueDeals({ db: t.database.db, clock: clock.now, notifier: quietNotifier })).toBe(0);
    clock.advance(60_000);
    expect(await notice).toMatchObject({ text: "auto_confirmed", sender_id: null });

    const seller = await signInAs(t.app, due.seller);
    expect(await balanceOf(seller)).toBe(100);
    const [deal] = (
      await (await signInAs(t.app, due.buyer)).get(`/v1/users/${due.buyer.id}/purchases`)
    ).json() as Deal[];
    expect(deal).toMatchObject({ status: "completed", product: { status: "completed" } });
    const [release] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.dealId, deal!.id), eq(ledgerTransactions.kind, "release")));
    expect(release!.actorId).toBeNull();

    clock.advance(HOUR_MS);
    expect(await sweepDueDeals({ db: t.database.db, clock: clock.now, notifier: quietNotifier })).toBe(0);
    const [stillDisputed] = (
      await (await signInAs(t.app, disputed.buyer)).get(`/v1/users/${disputed.buyer.id}/purchases`)
    ).json() as Deal[];
    expect(stillDisputed!.status).toBe("disputed");
    expect(await balanceOf(await signInAs(t.app, disputed.seller))).toBe(0);
  });

  it("confirms a due deal once however many sweepers run at the same moment", async () => {
    const { seller, buyer, purchase: bought } = await purchase();
    clock.advance(t.config.autoConfirmHours * HOUR_MS);
    const sweeps = await Promise.all(
      [1, 2, 3].map(() => sweepDueDeals({ db: t.database.db, clock: clock.now, notifier: quietNotifier })),
    );
    expect(sweeps.reduce((sum, confirmed) => sum + confirmed, 0)).toBeLessThanOrEqual(1);

    // A sweep that found the deal claimed left it to the one holding it, maybe the app's own: wait for that one.
    const sellerClient = await signInAs(t.app, seller);
    await vi.waitFor(async () => expect(await balanceOf(sellerClient)).toBe(100));
    const history = (
      await (await signInAs(t.app, buyer)).get(`/v1/chats/${bought.chat_id}/messages`)
    ).json() as ChatMessage[];
    expect(history.map((message) => message.text)).toEqual(["purchase", "auto_confirmed"]);
  });
});
