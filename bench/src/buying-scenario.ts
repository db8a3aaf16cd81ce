import type { ProductPage, User } from "@lootlane/contract";
import type { TestMailServer } from "@lootlane/server/test/test-mail";
import { signInAdmin } from "../../e2e/support/admin-sign-in.js";
import { BENCH_WORLD, type Credentials } from "./admin-credentials.js";
import { expectOk, json, refusalOf, signUp } from "./chat-members.js";
import { type LoopbackSession, loopbackSession } from "./loopback-session.js";

export type BuyingResult = {
  buyers: number;
  /** Purchases asked for; fewer when the catalogue has fewer active products. */
  purchases: number;
  succeeded: number;
  seconds: number;
  purchasesPerSecond: number;
  /** Failed purchases by status and error code. */
  errors: Record<string, number>;
};

/** The listing's largest page (MAX_PAGE_SIZE), so collecting 1,000 products takes ten requests. */
const PAGE_SIZE = 100;
/**
 * Buyers sign up from loopback addresses past those of the socket members and idle sockets (loopbackAddress),
 * so the per-IP sign-up limit counts them afresh.
 */
const BUYER_ADDRESS_OFFSET = 50_000;

/**
 * `buyers` users sign up, the admin credits each exactly the price of their share of `purchases` distinct
 * active products (the newest of the listing, none of them the buyers' own), and then every buyer buys their
 * share one after another, all buyers at once. Purchases per second count from the first request to the
 * last answer; each purchase moves money into escrow through the ledger, which is what the rate measures.
 * `beforeBuying` runs once everything is set up, just before the clock starts (the profile resets its counters).
 */
export async function runBuying(
  baseUrl: string,
  mail: TestMailServer,
  adminCredentials: Credentials,
  buyers: number,
  purchases: number,
  beforeBuying: () => Promise<void> = async () => undefined,
): Promise<BuyingResult> {
  const admin = loopbackSession(baseUrl, "127.0.0.1");
  await signInAdmin(admin, BENCH_WORLD, adminCredentials);
  const products = await activeProducts(baseUrl, purchases);
  const tag = Date.now().toString(36).slice(-5);
  const shares = Array.from({ length: buyers }, (_, buyer) => products.filter((_, index) => index % buyers === buyer));
  const sessions = await fundedBuyers(
    { baseUrl, mail, admin },
    shares.map((share) => share.reduce((sum, product) => sum + product.price, 0)),
    (i) => ({ address: BUYER_ADDRESS_OFFSET + i, username: `b${tag}p${i}` }),
  );

  const errors: Record<string, number> = {};
  let succeeded = 0;
  await beforeBuying();
  const began = performance.now();
  await Promise.all(
    sessions.map(async (session, buyer) => {
      for (const product of shares[buyer]!) {
        const response = await session.call("POST", "/products/buy", { product_id: product.id });
        if (response.status === 200) {
          succeeded++;
          continue;
        }
        const code = await refusalOf(response);
        errors[code] = (errors[code] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  return {
    buyers,
    purchases: products.length,
    succeeded,
    seconds,
    purchasesPerSecond: Math.round(succeeded / seconds),
    errors,
  };
}

/**
 * New buyers, signed up from their own loopback addresses, the `i`-th with `balances[i]` roubles credited by the
 * admin: the buyers of a buying scenario.
 */
export async function fundedBuyers(
  { baseUrl, mail, admin }: { baseUrl: string; mail: TestMailServer; admin: LoopbackSession },
  balances: readonly number[],
  who: (i: number) => { address: number; username: string },
): Promise<LoopbackSession[]> {
  const sessions = await Promise.all(balances.map((_, i) => signUp(baseUrl, mail, who(i).address, who(i).username)));
  await Promise.all(
    sessions.map(async (session, buyer) => {
      const user = (await json(await session.call("POST", "/auth/"), `buyer ${who(buyer).username}`)) as User;
      await expectOk(
        await admin.call("PATCH", `/admin/user/${user.id}`, { balance: balances[buyer] }),
        `balance of buyer ${who(buyer).username}`,
      );
    }),
  );
  return sessions;
}

/** Up to `count` products on sale, newest first, as a buyer browsing the home listing finds them. */
async function activeProducts(baseUrl: string, count: number): Promise<{ id: string; price: number }[]> {
  const found: { id: string; price: number }[] = [];
  for (let page = 1; found.length < count; page++) {
    const response = await fetch(`${baseUrl}/v1/products/get/all?page=${page}&per_page=${PAGE_SIZE}`);
    const listing = (await json(response, `listing page ${page}`)) as ProductPage;
    found.push(...listing.products.map(({ id, price }) => ({ id, price })));
    if (page >= listing.total_pages) break;
  }
  return found.slice(0, count);
}
