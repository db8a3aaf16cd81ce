import type { ProductDetail, PurchaseResult, StockPage } from "@lootlane/contract";
import type { TestMailServer } from "@lootlane/server/test/test-mail";
import { testImages } from "@lootlane/server/test/test-images";
import { signInAdmin } from "../../e2e/support/admin-sign-in.js";
import { BENCH_WORLD, type Credentials } from "./admin-credentials.js";
import { fundedBuyers } from "./buying-scenario.js";
import { expectOk, json, refusalOf, signUp, subcategoryId } from "./chat-members.js";
import { loopbackSession } from "./loopback-session.js";

export type StockBuyingResult = {
  units: number;
  buyers: number;
  /** Purchases answered 200, one unit each. */
  succeeded: number;
  seconds: number;
  purchasesPerSecond: number;
  /** Units delivered to more than one purchase: a unit sold twice. Must be 0. */
  doubleSold: number;
  /** Units the listing still had once every buyer was refused. */
  leftInStock: number;
  /** The seller's stock page's count of sold units, which must equal `succeeded`. */
  soldInStock: number;
  /** Refused purchases by status and error code (OUT_OF_STOCK once the shelf is empty). */
  errors: Record<string, number>;
};

/** Past the addresses of the buying scenario's buyers (BUYER_ADDRESS_OFFSET + their count), below 64,000. */
const ADDRESS_OFFSET = 60_000;
const UNIT_PRICE = 10;

/**
 * One seller lists `units` units of stock in one auto listing (pasted at creation, as the create form sends
 * them), the admin approves it, and `buyers` buyers, each with money for the whole shelf, buy one unit after
 * another, all at once, until the shelf is empty. Every purchase takes the listing's row lock, so this measures
 * the one hot row; afterwards every delivered unit must be distinct and the seller's stock must count each sale.
 * `beforeBuying` runs once everything is set up, just before the clock starts (the profile resets its counters).
 */
export async function runStockBuying(
  baseUrl: string,
  mail: TestMailServer,
  adminCredentials: Credentials,
  buyers: number,
  units: number,
  beforeBuying: () => Promise<void> = async () => undefined,
): Promise<StockBuyingResult> {
  const admin = loopbackSession(baseUrl, "127.0.0.1");
  await signInAdmin(admin, BENCH_WORLD, adminCredentials);
  const tag = Date.now().toString(36).slice(-5);
  const seller = await signUp(baseUrl, mail, ADDRESS_OFFSET, `k${tag}seller`);
  const form = new FormData();
  form.append("title", "Bench keys, one shelf");
  form.append("description", "A listing of many units the stock bench empties.");
  form.append("price", String(UNIT_PRICE));
  form.append("category_id", await subcategoryId(admin));
  form.append("stock_items", Array.from({ length: units }, (_, index) => `BENCH-${tag}-${index}`).join("\n"));
  form.append("uploaded_images", new Blob([new Uint8Array(await testImages.png())], { type: "image/png" }), "k.png");
  const listing = (await json(await seller.call("POST", "/products/", form), "the stock listing")) as ProductDetail;
  await expectOk(await admin.call("POST", "/admin/products/approve", { product_id: listing.id }), "its approval");

  const sessions = await fundedBuyers(
    { baseUrl, mail, admin },
    Array.from({ length: buyers }, () => UNIT_PRICE * units),
    (i) => ({ address: ADDRESS_OFFSET + 1 + i, username: `k${tag}b${i}` }),
  );

  const delivered: string[] = [];
  const errors: Record<string, number> = {};
  await beforeBuying();
  const began = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      for (;;) {
        const response = await session.call("POST", "/products/buy", { product_id: listing.id });
        if (response.status === 200) {
          delivered.push(...((await response.json()) as PurchaseResult).deal.items);
          continue;
        }
        const code = await refusalOf(response);
        errors[code] = (errors[code] ?? 0) + 1;
        return;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const stock = (await json(
    await seller.call("GET", `/products/${listing.id}/stock?per_page=1`),
    "the seller's stock",
  )) as StockPage;
  const succeeded = delivered.length;
  return {
    units,
    buyers,
    succeeded,
    seconds,
    purchasesPerSecond: Math.round(succeeded / seconds),
    doubleSold: succeeded - new Set(delivered).size,
    leftInStock: stock.in_stock,
    soldInStock: stock.sold,
    errors,
  };
}
