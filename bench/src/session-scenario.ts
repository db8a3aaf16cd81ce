import type { User } from "@lootlane/contract";
import type { TestMailServer } from "@lootlane/server/test/test-mail";
import type { HttpScenario } from "./catalogue-scenarios.js";
import { json, signUp } from "./chat-members.js";

/** The signed-in reader's loopback address: past the stock buyers' (from 60,000), below 64,000. */
const READER_ADDRESS = 63_000;

/** Issue 24's signed-in rows: who am I, the product page, and the reads every signed-in page load makes. */
export type SignedInScenarios = {
  whoAmI: HttpScenario;
  productPage: HttpScenario;
  reads: HttpScenario[];
};

/**
 * What a signed-in user (neither an admin nor the product's seller) costs: a new user signs up, and each row
 * sends their access cookie with the app's own origin, as a browser would. "Who am I" (`POST /v1/auth/`) is the
 * call every page load makes, with every cookie of the path `/v1/auth` (the device id among them); the others are what their pages read. The access token lives 15 minutes
 * (ACCESS_TOKEN_TTL_SECONDS), so the user signs up just before the rows run.
 */
export async function signedInScenarios(
  baseUrl: string,
  mail: TestMailServer,
  productPath: string,
): Promise<SignedInScenarios> {
  const reader = await signUp(baseUrl, mail, READER_ADDRESS, `reader${Date.now().toString(36).slice(-6)}`);
  const me = (await json(await reader.call("POST", "/auth/"), "who am I")) as User;
  const row = (
    name: string,
    path: string,
    method: "GET" | "POST" = "GET",
    cookie = reader.accessCookie(),
  ): HttpScenario => ({
    name: `${name} (signed in)`,
    request: { url: `${baseUrl}${path}`, method, headers: { cookie, origin: baseUrl } },
  });
  return {
    whoAmI: row("POST /v1/auth/, who am I", "/v1/auth/", "POST", reader.authCookies()),
    productPage: row("product page", productPath),
    reads: [
      row("GET /v1/wallet", "/v1/wallet"),
      row("GET /v1/chats/", "/v1/chats/"),
      row("GET /v1/notifications/unread-count", "/v1/notifications/unread-count"),
      row("own products", `/v1/products/user/${me.id}`),
    ],
  };
}
