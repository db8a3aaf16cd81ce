import {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOKS_PER_USER_MAX,
  webhookDeliveryListSchema,
  webhookListSchema,
} from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../db/schema/webhooks.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { buyAs } from "../../test/test-money.js";
import { testPeople } from "../../test/test-people.js";
import { creditTestTopUp } from "../../test/test-wallet-postings.js";
import { useReceiver } from "../../test/webhook-receiver.js";

/* Issue 25: registering webhook endpoints, and which addresses they may have. Their deliveries are in webhooks-deliveries.test.ts. */

let t: TestApp;
const receiver = useReceiver();
const people = testPeople("hookreg", () => t);

beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivateTargets: true });
});
afterAll(() => t.close());

describe("webhook endpoints", () => {
  it("are registered with a secret shown once, listed without it, and deleted by their owner alone", async () => {
    const owner = await people.person();
    const stranger = await people.person();
    const { id, secret } = await receiver.register(owner, ["message.created", "order.created"]);
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    const listed = await owner.client.get("/v1/webhooks");
    expect(listed.body).not.toContain(secret.slice(WEBHOOK_SECRET_PREFIX.length));
    expect(webhookListSchema.parse(listed.json()).webhooks).toEqual([
      expect.objectContaining({ id, url: receiver.url(), events: ["order.created", "message.created"] }),
    ]);
    for (const call of [
      stranger.client.request("DELETE", `/v1/webhooks/${id}`),
      stranger.client.get(`/v1/webhooks/${id}/deliveries`),
    ]) {
      const response = await call;
      expect([response.statusCode, response.json().detail.error_code]).toEqual([404, "WEBHOOK_NOT_FOUND"]);
    }
    expect((await owner.client.request("DELETE", `/v1/webhooks/${id}`)).statusCode).toBe(204);
    expect(webhookListSchema.parse((await owner.client.get("/v1/webhooks")).json()).webhooks).toEqual([]);
  });

  it(`are at most ${WEBHOOKS_PER_USER_MAX} per user`, async () => {
    const owner = await people.person();
    for (let n = 0; n < WEBHOOKS_PER_USER_MAX; n += 1)
      await receiver.register(owner, ["stock.low"], receiver.url(`/${n}`));
    const over = await owner.client.post("/v1/webhooks", { url: receiver.url(), events: ["stock.low"] });
    expect([over.statusCode, over.json().detail.error_code]).toEqual([409, "WEBHOOK_LIMIT_REACHED"]);
  });
});

describe("where private targets are not allowed, webhooks", () => {
  let strict: TestApp;
  const strictPeople = testPeople("hook_strict", () => strict);
  beforeAll(async () => {
    strict = await createTestApp({});
  });
  afterAll(() => strict.close());

  it("are registered only for https on public addresses", async () => {
    const owner = await strictPeople.person();
    for (const url of [
      "http://93.184.216.34/hooks",
      "https://127.0.0.1/hooks",
      "https://10.1.2.3/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hooks",
      "https://[::ffff:192.168.0.1]/hooks",
      "https://localhost/hooks",
      "https://user:pass@93.184.216.34/hooks",
    ]) {
      const response = await owner.client.post("/v1/webhooks", { url, events: ["order.created"] });
      expect([url, response.statusCode, response.json().detail.error_code]).toEqual([
        url,
        400,
        "WEBHOOK_URL_NOT_ALLOWED",
      ]);
    }
    const publicOne = await owner.client.post("/v1/webhooks", {
      url: "https://93.184.216.34/hooks",
      events: ["order.created"],
    });
    expect(publicOne.statusCode, publicOne.body).toBe(200);
  });

  it("are not sent to an address that is no longer public when the time comes", async () => {
    const seller = await strictPeople.person();
    const registered = await seller.client.post("/v1/webhooks", {
      url: "https://93.184.216.34/hooks",
      events: ["order.created"],
    });
    const { id } = registered.json() as { id: string };
    // As a name that now resolves inside the network would be: the endpoint points at this machine's receiver.
    await strict.database.db.update(webhookEndpoints).set({ url: receiver.url() }).where(eq(webhookEndpoints.id, id));
    const buyer = await strictPeople.person();
    await creditTestTopUp(strict.database.db, buyer.user.id, 100_00);
    const game = await createTestGame(strict.database.db);
    const product = await createTestProduct(strict, {
      sellerId: seller.user.id,
      categoryId: (await createTestSubcategory(strict.database.db, game)).id,
    });
    expect((await buyAs(strict, buyer.client, product.id)).statusCode).toBe(200);
    while ((await strict.app.jobs.runDue()) > 0);
    expect(receiver.received).toEqual([]);
    const shown = webhookDeliveryListSchema.parse((await seller.client.get(`/v1/webhooks/${id}/deliveries`)).json());
    expect(shown.deliveries[0]).toMatchObject({
      status: "pending",
      attempts: [{ status_code: null, error: "the address is not a public one" }],
    });
  });
});
