import { randomBytes } from "node:crypto";
import type { PurchaseResult } from "@lootlane/contract";
import type { ReceivedMail, TestMailServer } from "@lootlane/server/test/test-mail";
import { afterEach, describe, expect, it } from "vitest";
import { okJson } from "../support/scale-out.js";
import { type StartedServer, startServer } from "../support/server.js";
import { databaseTargets, type DatabaseTarget } from "./support/database-targets.js";
import { readQueuedJobs } from "./support/stored-data.js";
import { startOnTarget, type Cleanup } from "./support/target-server.js";
import { until } from "./support/until.js";
import { prepareWorld, type Buyer } from "./support/world.js";

/*
 * kill -9 in the middle of sending notification e-mails. The SMTP server keeps each sale e-mail as soon as it has
 * it and answers ACK_DELAY_MS later; the server is killed while the SMTP server holds its answer to one of them:
 * that mail has arrived, but the job that sent it never learned so, and runs again after its lease in the next
 * server on the same data. The bound: nothing lost, at most one duplicate per crash.
 */

/** 2 buyers × 8 listings of 2 sellers: a sale e-mail for each. */
const plan = { sellers: 2, buyers: 2, productsPerBuyer: 8 };
const SALES = plan.buyers * plan.productsPerBuyer;
/** The kill comes while the SMTP server holds its answer to this sale e-mail. */
const KILL_AT = 4;
/** How long the SMTP server holds its answer to each sale e-mail it already has. */
const ACK_DELAY_MS = 50;
/** The queue's lease, short so that the killed server's job in hand runs again soon. */
const LEASE_MS = 2_000;
/** How long the test still listens once every sale e-mail arrived: past a lease, a late duplicate would be in. */
const SETTLE_MS = LEASE_MS * 2;

/** The subject of a sale e-mail about a chaos listing (world.ts names them so), in either language. */
const SALE_SUBJECT = /^(?:You sold “|Продажа: «)Chaos account number (\d+)[”»]$/;
/** The index of the listing a sale e-mail is about; NaN for every other e-mail (sign-up codes, approvals). */
const saleOf = (mail: ReceivedMail) => Number(SALE_SUBJECT.exec(mail.subject)?.[1] ?? NaN);

describe.each(databaseTargets())("kill -9 while sale e-mails are sent on $name", (target: DatabaseTarget) => {
  const cleanup: Cleanup = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.skipIf(target.skipReason)(
    "every sale e-mail arrives after a crash mid-send, with at most one duplicate",
    async () => {
      const queueEnv = { JOBS_LEASE_MS: String(LEASE_MS), JOBS_POLL_MS: "100" };
      const { mail, database, env, server: first } = await startOnTarget(target, cleanup, queueEnv);
      const world = await prepareWorld(first.baseUrl, mail, { ...plan, tag: randomBytes(3).toString("hex") });

      const { sales, release } = saleMailbox(mail, KILL_AT);
      const distinctSales = () => new Set(sales.map(saleOf)).size;

      await buyAll(first, world.buyers);
      await until(
        () => sales.length === KILL_AT,
        () => `${sales.length} of the first ${KILL_AT} sale e-mails arrived`,
      );
      expect((await first.kill("SIGKILL")).signal).toBe("SIGKILL");
      release();
      // One e-mail at a time: the others were still waiting in the queue.
      expect(sales).toHaveLength(KILL_AT);

      const second = await startServer({ env, dataDir: first.dataDir });
      cleanup.push(() => second.stop());
      await until(
        () => distinctSales() === SALES,
        () => `${distinctSales()} of ${SALES} sale e-mails arrived`,
      );
      await sleep(SETTLE_MS);
      await second.stop({ keepData: true });

      // Listing n was made by seller n mod sellers (world.ts): each e-mail went to the seller of its listing.
      for (const sale of sales)
        expect(sale.to, sale.subject).toEqual([world.sellers[saleOf(sale) % plan.sellers]!.email.toLowerCase()]);
      expect([...new Set(sales.map(saleOf))].sort((a, b) => a - b)).toEqual([...Array(SALES).keys()]);
      const twice = sales.filter((sale, index) => sales.findIndex((other) => saleOf(other) === saleOf(sale)) !== index);
      expect(twice.length, `sent twice: ${twice.map((sale) => sale.subject).join("; ")}`).toBeLessThanOrEqual(1);
      // Nothing is left to deliver or send, and nothing was given up.
      const location = { databaseUrl: database.env.DATABASE_URL, dataDir: first.dataDir };
      expect(await readQueuedJobs(location, ["notifications.deliver", "notifications.email"])).toEqual([]);
    },
  );
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps every sale e-mail the SMTP server gets (as it stores them, duplicates included) and answers each
 * ACK_DELAY_MS later, except the nth, whose answer waits until the test releases it (after killing the sender).
 */
function saleMailbox(mail: TestMailServer, holdAt: number) {
  const sales: ReceivedMail[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  mail.beforeAccepting = async (received) => {
    if (Number.isNaN(saleOf(received))) return;
    sales.push(received);
    await (sales.length === holdAt ? released : sleep(ACK_DELAY_MS));
  };
  return { sales, release };
}

/** Every buyer buys their listings one after another, all buyers at once; each purchase answers 200. */
async function buyAll(server: StartedServer, buyers: Buyer[]): Promise<void> {
  await Promise.all(
    buyers.map(async (buyer) => {
      for (const product of buyer.products)
        await okJson<PurchaseResult>(
          buyer.visitor.at(server.baseUrl).call("POST", "/products/buy", { product_id: product.id }),
          `purchase of ${product.id}`,
        );
    }),
  );
}
