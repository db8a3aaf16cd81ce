import type { TestMailServer } from "@lootlane/server/test/test-mail";
import { testImages } from "@lootlane/server/test/test-images";
import { signInAdmin } from "../../e2e/support/admin-sign-in.js";
import { BENCH_WORLD, type Credentials } from "./admin-credentials.js";
import { type LoopbackSession, loopbackAddress, loopbackSession } from "./loopback-session.js";
import type { SocketMember } from "./socket-scenario.js";

/**
 * Pairs set up at once. Sign-up hashes passwords (argon2) and listing a product resizes its image, both off the
 * server's event loop, so enough pairs in flight keep both CPUs busy: 16 made 400 members in 14 s where 4 took
 * 4.6 s for 100; more only queue.
 */
const SETUP_CONCURRENCY = 16;
const PASSWORD = "Bench#pass1";

/**
 * `count` members of the started server in chats of two, made the way real users make them, through the API:
 * per pair a seller and a buyer sign up (each from their own loopback address, see loopbackAddress), the
 * seller lists a product, the admin approves it and the buyer opens its chat with "Message seller".
 * Names carry a per-run tag, so a PostgreSQL bench database can be run against again.
 */
export async function chatMembers(
  baseUrl: string,
  mail: TestMailServer,
  adminCredentials: Credentials,
  count: number,
): Promise<SocketMember[]> {
  if (count < 2 || count % 2 !== 0)
    throw new Error(`socket members come in pairs: ${count} is not an even number of at least 2`);
  const admin = loopbackSession(baseUrl, "127.0.0.1");
  await signInAdmin(admin, BENCH_WORLD, adminCredentials);
  const categoryId = await subcategoryId(admin);
  const image = await testImages.png();
  const tag = Date.now().toString(36).slice(-5);

  const pairs = count / 2;
  const members: SocketMember[] = new Array<SocketMember>(count);
  let nextPair = 0;
  const worker = async () => {
    for (let pair = nextPair++; pair < pairs; pair = nextPair++) {
      const seller = await signUp(baseUrl, mail, 2 * pair, `b${tag}s${pair}`);
      const buyer = await signUp(baseUrl, mail, 2 * pair + 1, `b${tag}b${pair}`);
      const form = new FormData();
      form.append("title", `Bench account ${pair}`);
      form.append("description", "A listing the socket bench opens a chat about.");
      form.append("product_data", `login bench${pair} / password ${PASSWORD}`);
      form.append("price", "100");
      form.append("category_id", categoryId);
      form.append("uploaded_images", new Blob([new Uint8Array(image)], { type: "image/png" }), "bench.png");
      const product = (await json(await seller.call("POST", "/products/", form), `product of pair ${pair}`)) as {
        id: string;
      };
      await expectOk(
        await admin.call("POST", "/admin/products/approve", { product_id: product.id }),
        `approval of pair ${pair}`,
      );
      const chat = (await json(
        await buyer.call("POST", "/chats/", { product_id: product.id }),
        `chat of pair ${pair}`,
      )) as { id: string };
      members[2 * pair] = { chatId: chat.id, cookie: seller.accessCookie() };
      members[2 * pair + 1] = { chatId: chat.id, cookie: buyer.accessCookie() };
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
  return members;
}

/** Signs a new user up with the code mailed to the test SMTP server, from the `index`-th loopback address. */
export async function signUp(
  baseUrl: string,
  mail: TestMailServer,
  index: number,
  username: string,
): Promise<LoopbackSession> {
  const api = loopbackSession(baseUrl, loopbackAddress(index));
  const email = `${username}@bench.lootlane.test`;
  await expectOk(
    await api.call("POST", "/auth/send-verification-code", { email, username }),
    `sign-up code for ${email}`,
  );
  const email_code = mail.latestCodeFor(email);
  await expectOk(
    await api.call("POST", "/auth/confirm-verification-code", { email, username, password: PASSWORD, email_code }),
    `sign-up of ${email}`,
  );
  return api;
}

/** A subcategory, as the create-product form makes a seller choose one. */
export async function subcategoryId(api: LoopbackSession): Promise<string> {
  const categories = (await json(await api.call("GET", "/categories/all"), "category list")) as {
    id: string;
    parent_id?: string | null;
  }[];
  const subcategory = categories.find((category) => category.parent_id);
  if (!subcategory) throw new Error("the server has no subcategory to list the bench products in");
  return subcategory.id;
}

export async function expectOk(response: Response, step: string): Promise<void> {
  if (response.status !== 200) throw new Error(`${step} answered ${response.status}: ${await response.text()}`);
}

export async function json(response: Response, step: string): Promise<unknown> {
  if (response.status !== 200) throw new Error(`${step} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A refused call as its status and error code, e.g. "409 OUT_OF_STOCK" (the error body is {detail: {error_code}}). */
export async function refusalOf(response: Response): Promise<string> {
  const body = (await response.json()) as { detail?: { error_code?: string } };
  return `${response.status} ${body.detail?.error_code ?? ""}`.trim();
}
