import { randomBytes } from "node:crypto";
import type { PurchaseResult } from "@lootlane/contract";
import { afterEach, describe, expect, it } from "vitest";
import { connectSocket } from "../support/scale-out.js";
import { databaseTargets, type DatabaseTarget } from "./support/database-targets.js";
import { connectionRefused, holdRequest } from "./support/held-request.js";
import { lockRow } from "./support/row-lock.js";
import { until } from "./support/until.js";
import { startOnTarget, type Cleanup } from "./support/target-server.js";
import { prepareWorld } from "./support/world.js";

/** main.ts exits anyway, with 1, once a shutdown has taken this long. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Purchases sent together just before the signal, on top of the one held in flight. */
const PURCHASES = 20;

/** How many requests for `url` the server has begun to handle, from its request log. */
const requestsBegun = (logs: string, url: string) =>
  logs.split("\n").filter((line) => line.includes('"msg":"incoming request"') && line.includes(`"url":"${url}"`))
    .length;

describe.each(databaseTargets())("SIGTERM on $name", (target: DatabaseTarget) => {
  const cleanup: Cleanup = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.skipIf(target.skipReason)(
    "answers the requests under way, refuses new connections, closes sockets cleanly and exits 0",
    async () => {
      const { mail, database, server } = await startOnTarget(target, cleanup);
      const tag = randomBytes(3).toString("hex");
      const { buyers, sellers } = await prepareWorld(server.baseUrl, mail, {
        sellers: 1,
        buyers: 1,
        productsPerBuyer: PURCHASES + 1,
        tag,
      });
      const buyer = buyers[0]!;
      const [held, ...others] = buyer.products;

      const sockets = await Promise.all(
        [buyer, sellers[0]!].map((member) => connectSocket(server.baseUrl, member.visitor)),
      );
      cleanup.push(async () => sockets.forEach((socket) => socket.close()));
      const closeReasons = sockets.map(
        (socket) => new Promise<string>((resolve) => socket.once("disconnect", resolve)),
      );
      // A buyer on a slow link: the server has the request but not yet all of its body when the signal comes.
      const slowPurchase = holdRequest(
        server.baseUrl,
        "POST",
        "/v1/products/buy",
        { product_id: held!.id },
        buyer.visitor.cookieHeader(),
      );
      // On PostgreSQL the buyer's row is locked, as a long transaction would: the purchases then wait in the
      // database, under way for as long as the test wants, and so does the last-seen update of the buyer's socket.
      const busy = database.env.DATABASE_URL
        ? await lockRow(database.env.DATABASE_URL, "users", buyer.user.id)
        : undefined;
      if (busy) cleanup.push(() => busy.release());
      const pending = new Set<Promise<Response>>();
      const purchases = others.map((product) => {
        const purchase = buyer.visitor.at(server.baseUrl).call("POST", "/products/buy", { product_id: product.id });
        pending.add(purchase);
        void purchase.finally(() => pending.delete(purchase)).catch(() => undefined);
        return purchase;
      });
      await until(
        () => requestsBegun(server.logs(), "/v1/products/buy") === PURCHASES + 1,
        () => `${requestsBegun(server.logs(), "/v1/products/buy")} purchases begun`,
      );

      const signalledAt = Date.now();
      const exit = server.kill("SIGTERM");
      while (!(await connectionRefused(server.baseUrl))) {
        if (Date.now() - signalledAt > SHUTDOWN_GRACE_MS)
          throw new Error(`new connections were still accepted ${SHUTDOWN_GRACE_MS} ms after SIGTERM`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(slowPurchase.settledEarly(), "the slow purchase is still under way once new connections are refused").toBe(
        false,
      );
      if (busy) {
        expect(
          pending.size,
          "the purchases waiting in the database are still under way once new connections are refused",
        ).toBe(PURCHASES);
        await busy.release();
      }

      const slowAnswer = await slowPurchase.finish();
      expect(slowAnswer.status, slowAnswer.body).toBe(200);
      expect((JSON.parse(slowAnswer.body) as PurchaseResult).deal.product.id).toBe(held!.id);
      expect((await Promise.all(purchases)).map((response) => response.status)).toEqual(others.map(() => 200));
      // Told by the server, not cut off: the client knows it was not a network failure.
      expect(await Promise.all(closeReasons)).toEqual(["io server disconnect", "io server disconnect"]);
      expect(await exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS);
      expect(server.logs()).not.toMatch(/Error while shutting down|Shutdown took longer/);
    },
  );
});
