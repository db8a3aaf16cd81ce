import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { openDatabase, type Database } from "./db/client.js";
import { migrateDatabase } from "./db/migrate.js";
import { seedIfEmpty } from "./db/seed/seed.js";
import { createMediaStore } from "./platform/media/media-store.js";

/** In-flight requests get this long to finish on SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Boots one instance: config → database (migrated, seeded when empty) → HTTP app → listen. */
async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    const media = createMediaStore(config);
    app = await buildApp({ config, database, media });
    // Seeded before listening, so the first request already sees the catalogue; the app's logger is reused.
    const seed = await seedIfEmpty({ db: database.db, media, config, log: app.log });
    if (seed.admin?.password) printAdminCredentials(seed.admin.email, seed.admin.password);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  // Printed, not logged: whoever started the server (and the e2e and bench helpers, which wait for this line) needs
  // it at every LOG_LEVEL, as they need the admin's password above.
  console.log(`Lootlane is running at http://localhost:${listeningPort(app, config)}`);
  closeGracefullyOnSignals(app, database);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function listeningPort(app: FastifyInstance, config: Config): number {
  const address = app.server.address();
  return typeof address === "object" && address ? address.port : config.port;
}

/** Stop accepting, let in-flight requests finish, then close the database; exit hard if that hangs. */
function closeGracefullyOnSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      // Fastify stops listening only after its preClose hooks, which wait for the database (the last-seen update
      // of every socket they close): new connections would be taken meanwhile, only to be answered 503.
      app.server.close();
      await app.close();
      await database.close();
    } catch (error) {
      console.error("Error while shutting down:", error);
      process.exitCode = 1;
    }
  };
  process.once("SIGTERM", close);
  process.once("SIGINT", close);
}

/** The generated admin password exists only in this output, so it is printed once and hard to miss. */
function printAdminCredentials(email: string, password: string): void {
  const lines = [
    "Admin account created",
    "",
    `  e-mail:   ${email}`,
    `  password: ${password}`,
    "",
    "Shown only this once: sign in and change it.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = "═".repeat(width + 4);
  console.log(["", `╔${border}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${border}╝`, ""].join("\n"));
}

await main().catch((error: unknown) => {
  console.error("Lootlane could not start:", error);
  process.exit(1);
});
