import { startTestMailServer, type TestMailServer } from "@lootlane/server/test/test-mail";
import { type StartedServer, startServer } from "../../support/server.js";
import type { DatabaseTarget, TargetDatabase } from "./database-targets.js";

/** Steps that undo what a test started, run last first after it. */
export type Cleanup = Array<() => Promise<unknown>>;

export type TargetServer = {
  mail: TestMailServer;
  database: TargetDatabase;
  env: Record<string, string>;
  server: StartedServer;
};

/**
 * The built server on the target's database with a test SMTP server, each part pushed onto `cleanup`. Without the
 * demo catalogue, whose pictures take seconds to make: the tests make what they need. `extraEnv` adds to the
 * server's environment (e.g. a payment provider); `env` starts it again.
 */
export async function startOnTarget(
  target: DatabaseTarget,
  cleanup: Cleanup,
  extraEnv: Record<string, string> = {},
): Promise<TargetServer> {
  const mail = await startTestMailServer();
  cleanup.push(() => mail.close());
  const database = await target.open();
  cleanup.push(() => database.drop());
  const env = {
    SMTP_URL: mail.url,
    MAIL_FROM: "Lootlane <no-reply@lootlane.test>",
    SEED_DEMO: "false",
    // A chaos world's few sellers list hundreds of products within seconds, far past a real seller's hour.
    PRODUCTS_PER_HOUR: "100000",
    ...database.env,
    ...extraEnv,
  };
  const server = await startServer({ env });
  cleanup.push(() => server.stop());
  return { mail, database, env, server };
}
