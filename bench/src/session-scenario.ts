import { signInAdmin } from "../../e2e/support/admin-sign-in.js";
import type { Credentials } from "./admin-credentials.js";
import type { HttpScenario } from "./catalogue-scenarios.js";
import { loopbackSession } from "./loopback-session.js";

/**
 * "Who am I" (`POST /v1/auth/`), the call every page load of a signed-in user makes: the admin signs in and the
 * row sends their access cookie, with the app's own origin as a browser would. The access token lives 15
 * minutes (ACCESS_TOKEN_TTL_SECONDS), so the row signs in just before it runs.
 */
export async function whoAmIScenario(baseUrl: string, adminCredentials: Credentials): Promise<HttpScenario> {
  const admin = loopbackSession(baseUrl, "127.0.0.1");
  await signInAdmin(admin, baseUrl, adminCredentials);
  return {
    name: "POST /v1/auth/ (who am I, signed in)",
    request: { url: `${baseUrl}/v1/auth/`, method: "POST", headers: { cookie: admin.accessCookie(), origin: baseUrl } },
  };
}
