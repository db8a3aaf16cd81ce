import {
  WEBHOOK_SECRET_PREFIX,
  webhookDeliveryListSchema,
  webhookPayloadSchema,
  type WebhookDelivery,
} from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/jobs.js";
import { createTestApp, createTestInstance, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { createTestClock, type TestClock } from "../../test/test-clock.js";
import { buyAs } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { creditTestTopUp } from "../../test/test-wallet-postings.js";
import { useReceiver, type Received } from "../../test/webhook-receiver.js";
import { RESEND_RATE } from "./webhooks.jobs.js";

/*
 * Issue 25: webhooks, delivered to a real HTTP server on this machine and checked with the Standard Webhooks
 * reference library (`standardwebhooks`), an implementation independent of ours. Tries wait for an answer as long
 * as in production (10 s), so no test here depends on how soon a loaded machine gets round to one.
 */

/** How long the endpoint keeps two tries waiting, so that they overlap. */
const OVERLAP_MS = 300;
/** The try's time of an instance made to see a try expire, against an endpoint that answers long after it. */
const SHORT_TIMEOUT_MS = 300;
let t: TestApp;
let clock: TestClock;
const receiver = useReceiver();
let subcategoryId: string;
const people = testPeople("hook", () => t);

beforeAll(async () => {
  clock = createTestClock(new Date());
  t = await createTestApp({ webhookAllowPrivateTargets: true }, { clock: clock.now });
  subcategoryId = (await createTestSubcategory(t.database.db, await createTestGame(t.database.db))).id;
});
afterAll(() => t.close());

async function deliveries(owner: Person, webhookId: string): Promise<WebhookDelivery[]> {
  const response = await owner.client.get(`/v1/webhooks/${webhookId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return webhookDeliveryListSchema.parse(response.json()).deliveries;
}

/** Runs every job due now, round after round, as the app's worker would. */
async function runJobs(): Promise<void> {
  while ((await t.app.jobs.runDue()) > 0);
}

async function sale(
  seller: Person,
  values: Parameters<typeof createTestProduct>[1] extends infer V ? Partial<V> : never = {},
) {
  const buyer = await people.person();
  await creditTestTopUp(t.database.db, buyer.user.id, 10_000_00);
  const product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: subcategoryId,
    delivery: "manual",
    quantity: 3,
    ...values,
  });
  return { buyer, product };
}

const headersOf = (request: Received) => request.headers as Record<string, string>;

describe("webhook deliveries", () => {
  it("tell a seller of an order and a buyer's message, signed as Standard Webhooks verifies", async () => {
    const seller = await people.person();
    const { secret, id } = await receiver.register(seller, ["order.created", "message.created"]);
    const { buyer, product } = await sale(seller);
    const bought = await buyAs(t, buyer.client, product.id);
    expect(bought.statusCode, bought.body).toBe(200);
    const { chat_id: chatId, deal } = bought.json() as { chat_id: string; deal: { id: string } };
    const long = `Hello! ${"Is it still there? ".repeat(20)}`;
    const sent = await buyer.client.post(`/v1/chats/${chatId}/messages`, { text: long });
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs();

    expect(receiver.received).toHaveLength(2);
    const verifier = new Webhook(secret);
    const bodies = receiver.received.map((request) => {
      verifier.verify(request.body, headersOf(request));
      return webhookPayloadSchema.parse(JSON.parse(request.body));
    });
    // Both were sent at once: they may arrive in either order.
    bodies.sort((a, b) => b.type.localeCompare(a.type));
    expect(bodies).toEqual([
      expect.objectContaining({
        type: "order.created",
        data: expect.objectContaining({ deal_id: deal.id, chat_id: chatId, quantity: 1, delivered_units: [] }),
      }),
      expect.objectContaining({
        type: "message.created",
        data: expect.objectContaining({
          chat_id: chatId,
          message_id: (sent.json() as { id: string }).id,
          sender_username: buyer.user.username,
          text: long.trim(),
        }),
      }),
    ]);
    // A signature made with another secret is refused by the same check.
    expect(() =>
      new Webhook(`${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(32).toString("base64")}`).verify(
        receiver.received[0]!.body,
        headersOf(receiver.received[0]!),
      ),
    ).toThrow();
    const shown = await deliveries(seller, id);
    expect(shown.map((delivery) => [delivery.event, delivery.status, delivery.attempts.length]).sort()).toEqual([
      ["message.created", "succeeded", 1],
      ["order.created", "succeeded", 1],
    ]);
    expect(shown.map((delivery) => delivery.id).sort()).toEqual(
      receiver.received.map((request) => request.headers["webhook-id"]).sort(),
    );
  });

  it("tell of a deal's completion, its review, and a dispute with its outcome, as the contract describes them", async () => {
    const seller = await people.person();
    const admin = await people.person("admin");
    const { secret } = await receiver.register(seller, [
      "deal.completed",
      "review.created",
      "dispute.opened",
      "dispute.resolved",
    ]);
    const completed = await sale(seller);
    const bought = await buyAs(t, completed.buyer.client, completed.product.id);
    const dealId = (bought.json() as { deal: { id: string } }).deal.id;
    const confirmed = await completed.buyer.client.request("PATCH", "/v1/products/confirm-receipt", {
      product_id: completed.product.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const reviewed = await completed.buyer.client.post("/v1/reviews/", { deal_id: dealId, stars: 4, text: "Fast" });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const disputed = await sale(seller);
    const disputedId = ((await buyAs(t, disputed.buyer.client, disputed.product.id)).json() as { deal: { id: string } })
      .deal.id;
    const reported = await disputed.buyer.client.post(`/v1/deals/${disputedId}/dispute`, {
      reason: "not_received",
      text: "Nothing arrived after an hour",
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const resolved = await admin.client.post(`/v1/admin/deals/${disputedId}/resolve`, {
      resolution: "refund",
      product_status: "withdrawn",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await runJobs();

    const verifier = new Webhook(secret);
    const bodies = receiver.received.map((request) => {
      verifier.verify(request.body, headersOf(request));
      return webhookPayloadSchema.parse(JSON.parse(request.body));
    });
    expect(bodies.map((body) => [body.type, body.data]).sort()).toEqual([
      ["deal.completed", expect.objectContaining({ deal_id: dealId, automatic: false })],
      ["dispute.opened", expect.objectContaining({ deal_id: disputedId })],
      ["dispute.resolved", expect.objectContaining({ deal_id: disputedId, outcome: "refund" })],
      ["review.created", expect.objectContaining({ product_id: completed.product.id, rating: 4 })],
    ]);
  });

  it("keep every try on record when a resend and a retry run at once", async () => {
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"]);
    receiver.answer(() => ({ status: 500 }));
    const { buyer, product } = await sale(seller);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    await runJobs();
    const [delivery] = await deliveries(seller, id);
    // Both tries are under way together: each read the record before the other wrote it.
    receiver.answer(() => ({ status: 500, delayMs: OVERLAP_MS }));
    clock.advance(30_000);
    const [resent] = await Promise.all([
      seller.client.post(`/v1/webhooks/${id}/deliveries/${delivery!.id}/resend`),
      runJobs(),
    ]);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(receiver.received).toHaveLength(3);
    expect((await deliveries(seller, id))[0]!.attempts).toHaveLength(3);
  });

  it("are retried after a failed answer, each try recorded with what the endpoint said", async () => {
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"]);
    receiver.answer(() => ({ status: 500, body: "database down" }));
    const { buyer, product } = await sale(seller);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    await runJobs();
    let [delivery] = await deliveries(seller, id);
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: [{ status_code: 500, response: "database down", error: null }],
    });
    expect(Date.parse(delivery!.next_attempt_at!)).toBe(clock.now().getTime() + 30_000);

    receiver.answer(() => ({ status: 204 }));
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    clock.advance(30_000);
    await runJobs();
    [delivery] = await deliveries(seller, id);
    expect(delivery).toMatchObject({ status: "succeeded", next_attempt_at: null });
    expect(delivery!.attempts.map((attempt) => attempt.status_code)).toEqual([500, 204]);
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"]))).toEqual(new Set([delivery!.id]));
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
  });

  it("do not follow redirects", async () => {
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"]);
    receiver.answer((request) =>
      request.path === receiver.path()
        ? { status: 302, headers: { location: receiver.url(`${receiver.path()}/elsewhere`) } }
        : { status: 200 },
    );
    const first = await sale(seller);
    expect((await buyAs(t, first.buyer.client, first.product.id)).statusCode).toBe(200);
    await runJobs();
    expect(receiver.received.map((request) => request.path)).toEqual([receiver.path()]);
    expect((await deliveries(seller, id))[0]).toMatchObject({ status: "pending", attempts: [{ status_code: 302 }] });
  });

  it("give up on an endpoint that does not answer in time, to try again later", async () => {
    const impatient = await createTestInstance(t, {}, { clock: clock.now, webhookTimeoutMs: SHORT_TIMEOUT_MS });
    try {
      const seller = await people.person();
      const { id } = await receiver.register(seller, ["order.created"]);
      // The endpoint's answer is timed from the request's arrival, the try's time from before it was sent: the try
      // always expires first, however slowly the machine runs.
      receiver.answer(() => ({ status: 200, delayMs: SHORT_TIMEOUT_MS * 4 }));
      const { buyer, product } = await sale(seller);
      expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
      while ((await impatient.app.jobs.runDue()) > 0);
      const [slow] = await deliveries(seller, id);
      expect(slow).toMatchObject({ status: "pending", attempts: [{ status_code: null, response: null }] });
      expect(slow!.attempts[0]!.error).toContain(`no answer within ${SHORT_TIMEOUT_MS} ms`);
      expect(Date.parse(slow!.next_attempt_at!)).toBe(clock.now().getTime() + 30_000);
    } finally {
      await impatient.close();
    }
  });

  it("fail for good after a day of tries, and can be sent again by hand", async () => {
    const seller = await people.person();
    const { id, secret } = await receiver.register(seller, ["order.created"]);
    receiver.answer(() => ({ status: 503 }));
    const { buyer, product } = await sale(seller);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    const started = clock.now().getTime();
    await runJobs();
    while ((await deliveries(seller, id))[0]!.status === "pending") {
      clock.advance(30 * 60_000);
      await runJobs();
      // The seller's browser renews its 15-minute session meanwhile.
      expect((await seller.client.post("/v1/auth/update-tokens")).statusCode).toBe(200);
      expect(clock.now().getTime() - started).toBeLessThanOrEqual(25 * 3600_000);
    }
    const [failed] = await deliveries(seller, id);
    expect(failed!.status).toBe("failed");
    const tries = failed!.attempts.length;
    expect(tries).toBeGreaterThan(5);
    expect(Date.parse(failed!.attempts.at(-1)!.at) - started).toBeLessThanOrEqual(24 * 3600_000);
    clock.advance(24 * 3600_000);
    await runJobs();
    expect(receiver.received).toHaveLength(tries);

    clock.set(new Date());
    expect((await seller.client.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    receiver.answer(() => ({ status: 200 }));
    const before = receiver.received.length;
    const resent = await seller.client.post(`/v1/webhooks/${id}/deliveries/${failed!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: failed!.id, status: "succeeded" });
    const resentRequests = receiver.received.slice(before);
    expect(resentRequests).toHaveLength(1);
    expect(resentRequests[0]!.headers["webhook-id"]).toBe(failed!.id);
    new Webhook(secret).verify(resentRequests[0]!.body, headersOf(resentRequests[0]!));
    const stranger = await people.person();
    const foreign = await stranger.client.post(`/v1/webhooks/${id}/deliveries/${failed!.id}/resend`);
    expect([foreign.statusCode, foreign.json().detail.error_code]).toEqual([404, "WEBHOOK_DELIVERY_NOT_FOUND"]);
  });

  it(`are resent by hand at most ${RESEND_RATE.max} times a minute per user`, async () => {
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"]);
    const { buyer, product } = await sale(seller);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    await runJobs();
    const [delivery] = await deliveries(seller, id);
    const resend = () => seller.client.post(`/v1/webhooks/${id}/deliveries/${delivery!.id}/resend`);
    for (let n = 0; n < RESEND_RATE.max; n += 1) expect((await resend()).statusCode).toBe(200);
    const over = await resend();
    expect([over.statusCode, over.json().detail.error_code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    expect(receiver.received).toHaveLength(1 + RESEND_RATE.max);
  });

  it("stop when their endpoint is deleted", async () => {
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"]);
    receiver.answer(() => ({ status: 500 }));
    const { buyer, product } = await sale(seller);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    expect((await seller.client.request("DELETE", `/v1/webhooks/${id}`)).statusCode).toBe(204);
    clock.advance(3600_000);
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    const stuck = await t.database.db.select().from(jobs).where(eq(jobs.kind, "webhooks.deliver"));
    expect(stuck.filter((job) => job.failedAt !== null)).toEqual([]);
  });

  it("are made once per endpoint even when the event's job runs twice", async () => {
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"]);
    const { buyer, product } = await sale(seller);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    const [fanout] = await t.database.db.select().from(jobs).where(eq(jobs.kind, "webhooks.fanout"));
    await runJobs();
    // The same job again, as a crash between its deliveries and its end would leave it.
    await t.database.db.insert(jobs).values({ id: fanout!.id, kind: fanout!.kind, payload: fanout!.payload });
    await runJobs();
    expect(await deliveries(seller, id)).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it("tell of stock running low once, when a purchase takes it below the threshold", async () => {
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["stock.low"]);
    const { buyer, product } = await sale(seller, {
      delivery: "auto",
      stockItems: ["KEY-1", "KEY-2", "KEY-3", "KEY-4", "KEY-5", "KEY-6"],
    });
    for (let n = 0; n < 3; n += 1) expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    await runJobs();
    const shown = await deliveries(seller, id);
    expect(shown.map((delivery) => JSON.parse(delivery.payload))).toEqual([
      expect.objectContaining({
        type: "stock.low",
        data: { product_id: product.id, product_title: product.title, units_left: 4 },
      }),
    ]);
  });

  it("go nowhere for a user without endpoints, and leave no jobs behind", async () => {
    const seller = await people.person();
    const { buyer, product } = await sale(seller);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);
    await runJobs();
    expect(receiver.received).toEqual([]);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, "webhooks.fanout"))).toEqual([]);
  });
});
