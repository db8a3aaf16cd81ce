import { webhookDeliveryListSchema, type WebhookDelivery } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestInstance, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { createTestClock } from "../../test/test-clock.js";
import { buyAs } from "../../test/test-money.js";
import { useNameServer } from "../../test/test-name-server.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { creditTestTopUp } from "../../test/test-wallet-postings.js";
import { useReceiver } from "../../test/webhook-receiver.js";

/*
 * Issue 25: an endpoint named by a host name is resolved at registration and again before every try, through a
 * real name server on this machine (test-name-server.ts), within the try's time. Lookups that should be answered
 * have the production time (10 s); only an instance made to see a silent name server's lookup expire has less.
 */

const SHORT_TIMEOUT_MS = 300;
const clock = createTestClock(new Date());
const names = useNameServer();
const receiver = useReceiver();

/** An app whose webhooks resolve names with this file's name server; `allowPrivate` false refuses private targets. */
async function appResolvingNames(allowPrivate: boolean): Promise<TestApp> {
  return createTestApp(
    { webhookAllowPrivateTargets: allowPrivate },
    { clock: clock.now, dnsServers: [names.address()] },
  );
}

/** The receiver's URL for this test with its address replaced by `host`. */
const urlAt = (host: string) => {
  const url = new URL(receiver.url());
  url.hostname = host;
  return url.toString();
};

/** A buyer buys a new listing of `seller` in `app`. */
async function sale(app: TestApp, people: ReturnType<typeof testPeople>, seller: Person) {
  const buyer = await people.person();
  await creditTestTopUp(app.database.db, buyer.user.id, 100_00);
  const subcategory = await createTestSubcategory(app.database.db, await createTestGame(app.database.db));
  const product = await createTestProduct(app, { sellerId: seller.user.id, categoryId: subcategory.id });
  expect((await buyAs(app, buyer.client, product.id)).statusCode).toBe(200);
}

/** Runs every job due now on `app`, as its worker would. */
async function runJobs(app: TestApp): Promise<void> {
  while ((await app.app.jobs.runDue()) > 0);
}

async function deliveries(owner: Person, webhookId: string): Promise<WebhookDelivery[]> {
  const response = await owner.client.get(`/v1/webhooks/${webhookId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return webhookDeliveryListSchema.parse(response.json()).deliveries;
}

describe("where private targets are allowed, webhooks to a host name", () => {
  let t: TestApp;
  /** Another instance of the app whose lookups wait SHORT_TIMEOUT_MS. */
  let impatient: TestApp;
  const people = testPeople("hookdns", () => t);
  const impatientPeople = testPeople("hookdns_impatient", () => impatient);
  beforeAll(async () => {
    t = await appResolvingNames(true);
    impatient = await createTestInstance(
      t,
      {},
      { clock: clock.now, webhookTimeoutMs: SHORT_TIMEOUT_MS, dnsServers: [names.address()] },
    );
  });
  afterAll(async () => {
    await impatient.close();
    await t.close();
  });

  it("go to the address the name server gives", async () => {
    names.set("bot.shop.test", { addresses: ["127.0.0.1"] });
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"], urlAt("bot.shop.test"));
    await sale(t, people, seller);
    await runJobs(t);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(seller, id)).toMatchObject([{ status: "succeeded" }]);
  });

  it("are not registered when the name does not resolve, or its name server does not answer", async () => {
    names.set("down.shop.test", "silent");
    const tries = [
      { host: "nowhere.shop.test", seller: await people.person() },
      { host: "down.shop.test", seller: await impatientPeople.person() },
    ];
    for (const { host, seller } of tries) {
      const response = await seller.client.post("/v1/webhooks", { url: urlAt(host), events: ["order.created"] });
      expect([host, response.statusCode, response.json().detail.error_code]).toEqual([
        host,
        400,
        "WEBHOOK_URL_NOT_ALLOWED",
      ]);
    }
  });

  it("record a try whose name server does not answer in time, and are sent at the next try when it does", async () => {
    names.set("flaky.shop.test", { addresses: ["127.0.0.1"] });
    const seller = await people.person();
    const { id } = await receiver.register(seller, ["order.created"], urlAt("flaky.shop.test"));
    names.set("flaky.shop.test", "silent");
    await sale(t, people, seller);
    await runJobs(impatient);
    expect(receiver.received).toEqual([]);
    expect(await deliveries(seller, id)).toMatchObject([
      { status: "pending", attempts: [{ status_code: null, error: "the name did not resolve" }] },
    ]);
    names.set("flaky.shop.test", { addresses: ["127.0.0.1"] });
    clock.advance(30_000);
    await runJobs(t);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(seller, id)).toMatchObject([{ status: "succeeded" }]);
  });
});

describe("where private targets are not allowed, webhooks to a host name", () => {
  let strict: TestApp;
  const people = testPeople("hookdns_strict", () => strict);
  beforeAll(async () => {
    strict = await appResolvingNames(false);
  });
  afterAll(() => strict.close());

  it("are registered only when every address of the name is public", async () => {
    const seller = await people.person();
    names.set("public.shop.test", { addresses: ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"] });
    names.set("mixed.shop.test", { addresses: ["93.184.216.34", "10.0.0.7"] });
    names.set("inside.shop.test", { addresses: ["fd00::7"] });
    const answers: Record<string, unknown> = {};
    for (const host of ["public.shop.test", "mixed.shop.test", "inside.shop.test"]) {
      const response = await seller.client.post("/v1/webhooks", {
        url: `https://${host}/hooks`,
        events: ["order.created"],
      });
      answers[host] = response.statusCode === 200 ? 200 : response.json().detail.error_code;
    }
    expect(answers).toEqual({
      "public.shop.test": 200,
      "mixed.shop.test": "WEBHOOK_URL_NOT_ALLOWED",
      "inside.shop.test": "WEBHOOK_URL_NOT_ALLOWED",
    });
  });

  it("are not sent when the name points inside the network by the time of the try", async () => {
    names.set("rebind.shop.test", { addresses: ["93.184.216.34"] });
    const seller = await people.person();
    const registered = await seller.client.post("/v1/webhooks", {
      url: `https://rebind.shop.test:${new URL(receiver.url()).port}${receiver.path()}`,
      events: ["order.created"],
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { id } = registered.json() as { id: string };
    names.set("rebind.shop.test", { addresses: ["127.0.0.1"] });
    await sale(strict, people, seller);
    await runJobs(strict);
    expect(receiver.received).toEqual([]);
    expect(await deliveries(seller, id)).toMatchObject([
      { status: "pending", attempts: [{ status_code: null, error: "the address is not a public one" }] },
    ]);
  });
});
