import { adminCredentials } from "../../e2e/support/server.js";
import { BENCH_ADMIN } from "./seed/load-catalogue.js";

export type Credentials = { email: string; password: string };

/**
 * Whom the bench signs in as to approve and top up: the server creates its first admin (`adminCredentials`, as
 * startServer configures it) only in an empty database, so on a generated PostgreSQL database it is the admin
 * `seed:bench` made (BENCH_ADMIN).
 */
export function benchAdmin(postgres: boolean): Credentials {
  return postgres ? BENCH_ADMIN : adminCredentials;
}
