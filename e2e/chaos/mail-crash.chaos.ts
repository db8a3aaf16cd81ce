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

/** 2 buyers × 8 listings of 2 sellers: a sale e-mail for each, bought in two waves, one before each crash. */
const plan = { sellers: 2, buyers: 2, productsPerBuyer: 8 };
const SALES = plan.buyers * plan.productsPerBuyer;
/** One kill -9 after each wave. */
const CRASHES = 2;
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
    "every sale e-mail arrives after two crashes mid-send, with at most one duplicate per crash",
    async () => {
      const queueEnv = { JOBS_LEASE_MS: String(LEASE_MS), JOBS_POLL_MS: "100" };
      const { mail, database, env, server: first } = await startOnTarget(target, cleanup, queueEnv);
      const world = await prepareWorld(first.baseUrl, mail, { ...plan, tag: randomBytes(3).toString("hex") });

      const { sales, killMidSend } = saleMailbox(mail);
      const distinctSales = () => new Set(sales.map(saleOf)).size;

      await buyAll(first, world.buyers, 0, plan.productsPerBuyer / 2);
      await killMidSend(first, 3);
      const second = await startServer({ env, dataDir: first.dataDir });
      cleanup.push(() => second.stop());
      await buyAll(second, world.buyers, plan.productsPerBuyer / 2, plan.productsPerBuyer);
      await killMidSend(second, sales.length + 2);

      const third = await startServer({ env, dataDir: first.dataDir });
      cleanup.push(() => third.stop());
      await until(
        () => distinctSales() === SALES,
        () => `${distinctSales()} of ${SALES} sale e-mails arrived`,
      );
      await sleep(SETTLE_MS);
      await third.stop({ keepData: true });

      // Listing n was made by seller n mod sellers (world.ts): each e-mail went to the seller of its listing.
      for (const sale of sales)
        expect(sale.to, sale.subject).toEqual([world.sellers[saleOf(sale) % plan.sellers]!.email.toLowerCase()]);
      expect([...new Set(sales.map(saleOf))].sort((a, b) => a - b)).toEqual([...Array(SALES).keys()]);
      const twice = sales.filter((sale, index) => sales.findIndex((other) => saleOf(other) === saleOf(sale)) !== index);
      expect(twice.length, `sent twice: ${twice.map((sale) => sale.subject).join("; ")}`).toBeLessThanOrEqual(CRASHES);
      // Nothing is left to deliver or send, and nothing was given up.
      const location = { databaseUrl: database.env.DATABASE_URL, dataDir: first.dataDir };
      expect(await readQueuedJobs(location, ["notifications.deliver", "notifications.email"])).toEqual([]);
    },
  );
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps every sale e-mail the SMTP server gets (as it stores them, duplicates included) and answers each
 * ACK_DELAY_MS later. killMidSend(server, n) kills the server while the answer to the nth sale e-mail is held, and
 * lets that answer go only once the server is dead.
 */
function saleMailbox(mail: TestMailServer) {
  const sales: ReceivedMail[] = [];
  let hold: { at: number; reached: () => void; killed: Promise<void> } | undefined;
  mail.beforeAccepting = async (received) => {
    if (Number.isNaN(saleOf(received))) return;
    sales.push(received);
    if (hold && sales.length === hold.at) {
      hold.reached();
      await hold.killed;
    } else await sleep(ACK_DELAY_MS);
  };
  const killMidSend = async (server: StartedServer, at: number): Promise<void> => {
    let reached!: () => void;
    let killed!: () => void;
    const reaching = new Promise<void>((resolve) => (reached = resolve));
    hold = { at, reached, killed: new Promise<void>((resolve) => (killed = resolve)) };
    await reaching;
    const exit = await server.kill("SIGKILL");
    hold = undefined;
    killed();
    expect(exit.signal).toBe("SIGKILL");
  };
  return { sales, killMidSend };
}

/** Every buyer buys their listings `from`…`to` one after another, all buyers at once; each purchase answers 200. */
async function buyAll(server: StartedServer, buyers: Buyer[], from: number, to: number): Promise<void> {
  await Promise.all(
    buyers.map(async (buyer) => {
      for (const product of buyer.products.slice(from, to))
        await okJson<PurchaseResult>(
          buyer.visitor.at(server.baseUrl).call("POST", "/products/buy", { product_id: product.id }),
          `purchase of ${product.id}`,
        );
    }),
  );
}
