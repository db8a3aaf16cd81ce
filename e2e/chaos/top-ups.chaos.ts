import { randomBytes } from "node:crypto";
import type { TopUp, User } from "@lootlane/contract";
import { FakeYookassa } from "@lootlane/server/test/fake-yookassa";
import { afterEach, describe, expect, it } from "vitest";
import { okJson } from "../support/scale-out.js";
import { startServer } from "../support/server.js";
import { databaseTargets, type DatabaseTarget } from "./support/database-targets.js";
import { readStoredData } from "./support/stored-data.js";
import { startOnTarget, type Cleanup } from "./support/target-server.js";
import { until } from "./support/until.js";
import { range, signUp, type Member } from "./support/world.js";

/** 8 payers × 4 top-ups; every fifth payment is declined, the rest paid. */
const PAYERS = 8;
const TOP_UPS_EACH = 4;
/** How many times ЮKassa delivers each notification while the server is up, as it does when answers come late. */
const DELIVERIES = 4;
/** Notifications in flight at once. */
const CONCURRENCY = 8;
/** The kill comes once this share of the deliveries has been answered. */
const KILL_AFTER_SHARE = 0.3;

type Payment = { payer: Member; topUp: TopUp; paymentId: string; paid: boolean };

describe.each(databaseTargets())("kill -9 while ЮKassa notifies on $name", (target: DatabaseTarget) => {
  const cleanup: Cleanup = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.skipIf(target.skipReason)(
    "every paid top-up is credited exactly once after the restart and redelivery, none declined is, the ledger adds up",
    async () => {
      const fake = await FakeYookassa.start();
      cleanup.push(() => fake.close());
      const {
        mail,
        database,
        env,
        server: first,
      } = await startOnTarget(target, cleanup, {
        PAYMENTS_PROVIDER: "yookassa",
        YOOKASSA_SHOP_ID: fake.shop.id,
        YOOKASSA_SECRET_KEY: fake.shop.secret,
        YOOKASSA_API_URL: fake.shop.apiUrl,
      });
      const tag = randomBytes(3).toString("hex");
      const payers = await Promise.all(range(PAYERS).map((index) => signUp(first.baseUrl, mail, `tp${index}_${tag}`)));

      const payments: Payment[] = [];
      for (const payer of payers)
        for (const index of range(TOP_UPS_EACH)) {
          const topUp = await okJson<TopUp>(
            payer.visitor.at(first.baseUrl).call("POST", "/wallet/top-ups", { amount: 100 + payments.length }),
            `top-up of ${payer.email}`,
          );
          const paid = (payments.length + index) % 5 !== 0;
          const payment = fake.paymentByKey(topUp.id)!;
          if (paid) fake.succeedPayment(payment.id);
          else fake.cancelPayment(payment.id);
          payments.push({ payer, topUp, paymentId: payment.id, paid });
        }

      // ЮKassa's deliveries, repeated, several at once; the server is killed partway through them.
      const deliveries = payments.flatMap((payment) => range(DELIVERIES).map(() => payment));
      let answered = 0;
      let stopped = false;
      const deliver = async (url: string, queue: Payment[]) => {
        while (!stopped && queue.length > 0) {
          const payment = queue.shift()!;
          const event = payment.paid ? "payment.succeeded" : "payment.canceled";
          try {
            const response = await fake.notify(url, event, fake.paymentAsAnswered(payment.paymentId));
            if (response.status === 200) answered += 1;
          } catch {
            // The server went away mid-delivery: ЮKassa will deliver it again.
          }
        }
      };
      const notificationsAt = (baseUrl: string) => `${baseUrl}/v1/payments/yookassa/notifications`;
      const queue = [...deliveries];
      const workers = range(CONCURRENCY).map(() => deliver(notificationsAt(first.baseUrl), queue));
      await until(
        () => answered >= deliveries.length * KILL_AFTER_SHARE,
        () => `${answered} of ${deliveries.length} deliveries answered`,
      );
      const exit = await first.kill("SIGKILL");
      stopped = true;
      await Promise.all(workers);
      expect(exit.signal).toBe("SIGKILL");
      expect(answered, "the kill came before every notification was answered").toBeLessThan(deliveries.length);

      // Restarted on the same data; ЮKassa delivers every notification again until each is answered 200.
      const second = await startServer({ env, dataDir: first.dataDir });
      cleanup.push(() => second.stop());
      stopped = false;
      for (const payment of payments) {
        const event = payment.paid ? "payment.succeeded" : "payment.canceled";
        const response = await fake.notify(
          notificationsAt(second.baseUrl),
          event,
          fake.paymentAsAnswered(payment.paymentId),
        );
        expect(response.status, await response.text()).toBe(200);
      }

      for (const payer of payers) {
        const api = payer.visitor.at(second.baseUrl);
        const own = payments.filter((payment) => payment.payer === payer);
        for (const payment of own) {
          const topUp = await okJson<TopUp>(
            api.call("GET", `/wallet/top-ups/${payment.topUp.id}`),
            `top-up ${payment.topUp.id}`,
          );
          expect(topUp.status).toBe(payment.paid ? "succeeded" : "canceled");
        }
        const credited = own.filter((payment) => payment.paid).reduce((sum, payment) => sum + payment.topUp.amount, 0);
        const profile = await okJson<User>(
          api.call("GET", `/users/${payer.user.username}`),
          `profile of ${payer.email}`,
        );
        expect(profile.balance, `balance of ${payer.email}`).toBe(credited);
      }

      await second.stop({ keepData: true });
      const stored = await readStoredData({ databaseUrl: database.env.DATABASE_URL, dataDir: first.dataDir });
      expect(stored.ledgerViolations).toEqual([]);
    },
    // Sign-ups (argon2) and two server starts on a machine the other suites share.
    240_000,
  );
});
