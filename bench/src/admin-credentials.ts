import { adminCredentials } from "../../e2e/support/server.js";
import { BENCH_ADMIN } from "./seed/load-catalogue.js";

export type Credentials = { email: string; password: string };

/**
 * The `world` of the bench's admin sign-ins (e2e/support/admin-sign-in.ts): a run has one database, and the secret
 * of the second factor its first sign-in sets up must serve every later one, also on a server restarted on the
 * same data at another port (the idle-socket row) or on another instance of it (capacity-run.ts).
 */
export const BENCH_WORLD = "the bench's database";

/**
 * Whom the bench signs in as to approve and top up: the server creates its first admin (`adminCredentials`, as
 * startServer configures it) only in an empty database, so on a generated PostgreSQL database it is the admin
 * `seed:bench` made (BENCH_ADMIN).
 */
export function benchAdmin(postgres: boolean): Credentials {
  return postgres ? BENCH_ADMIN : adminCredentials;
}
