import { randomBytes } from "node:crypto";
import { errorText } from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChatServer, type ChatServer } from "../test/test-chats.js";
import { TestClient } from "../test/test-client.js";
import { startPrivatePostgres, type PrivatePostgres } from "../test/private-postgres.js";
import { createTestUser, signInAs, TEST_PASSWORD } from "../test/test-users.js";
import type { User } from "./schema/users.js";
import { openDatabase, type Database } from "./client.js";
import { migrateDatabase } from "./migrate.js";
import { recordProcessCrashes, type ProcessCrashes } from "../test/process-crashes.js";

/*
 * PostgreSQL going away under a running app. The server is a private cluster of this test, really stopped and
 * started with pg_ctl: that is exactly what a restart does to the app (every open connection ended by the
 * server with "terminating connection due to administrator command", new ones refused until it is back), which
 * a TCP proxy in between could only imitate, and it costs about a second of initdb. The shared server of the
 * other suites is never touched. PGlite lives inside the process and cannot be restarted under it.
 */

/** A refused connection is answered at once; anything near this means a request waited on a dead server. */
const PROMPT_MS = 2_000;
/** The pool's connection timeout (db/client.ts) plus a margin for a slow CI machine. */
const HUNG_SERVER_BOUND_MS = 5_000 + 2_000;

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("PostgreSQL restarted under a running app", () => {
  let postgres: PrivatePostgres;
  let database: Database;
  let server: ChatServer;
  let user: User;
  let signedIn: TestClient;
  let crashes: ProcessCrashes | undefined;

  beforeAll(async () => {
    crashes = recordProcessCrashes();
    postgres = await startPrivatePostgres();
    database = await openDatabase({ databaseUrl: postgres.url, onIdleConnectionError: () => undefined });
    await migrateDatabase(database);
    // The job queue would query in the background; only the requests of this test should touch the pool.
    server = await startChatServer(database, { jobsPollMs: 3_600_000 });
    user = await createTestUser(database.db, { username: `pgr_${randomBytes(3).toString("hex")}` });
    signedIn = await signInAs(server.app, user);
  });

  afterAll(async () => {
    // A failed hang test may leave the server suspended, and the app could not close over it.
    await postgres?.thaw().catch(() => undefined);
    await server?.close();
    await database?.close();
    await postgres?.close();
    crashes?.stop();
  });

  /**
   * Requests that each need the database: the health check, a public read, a signed-in read and a sign-in (a write).
   * The signed-in read is the wallet's statement, read each time; who is signed in comes from the authenticator's
   * memory once the first request has read it (authentication.cache.ts), and so do "who am I" (users-own.cache.ts)
   * and the chats list (chats-list.cache.ts).
   */
  const databaseRequests = (): Promise<LightMyRequestResponse[]> =>
    Promise.all([
      server.app.inject({ method: "GET", url: "/v1/health" }),
      server.app.inject({ method: "GET", url: `/v1/users/${user.username}` }),
      signedIn.get("/v1/wallet/statement"),
      new TestClient(server.app).post("/v1/auth/login", { email: user.email, password: TEST_PASSWORD }),
    ]);

  const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };

  const expectDatabaseError = (responses: LightMyRequestResponse[]) => {
    for (const response of responses) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: { error_code: "DATABASE_ERROR", error_message: errorText("DATABASE_ERROR", "en") },
      });
    }
  };

  it("serves the requests while the server is up", async () => {
    // Several at once, so the pool holds several connections for the restart to cut.
    for (const response of (await Promise.all([databaseRequests(), databaseRequests()])).flat())
      expect(response.statusCode).toBe(200);
  });

  it("answers 503 DATABASE_ERROR at once while the server is down, and serves again once it is back", async () => {
    await postgres.stop();
    const down = await timed(() => databaseRequests());
    expectDatabaseError(down.value);
    expect(down.ms).toBeLessThan(PROMPT_MS);

    await postgres.start();
    // The very first requests after the restart succeed: the pool has dropped the connections the restart ended.
    for (const response of await databaseRequests()) expect(response.statusCode).toBe(200);
    expect(crashes!.crashes).toEqual([]);
  });

  it("answers 503 DATABASE_ERROR within the connection timeout when the server accepts connections but never answers", async () => {
    // A restart first, so the pool has no connection left that still works, then the hang.
    await postgres.stop();
    await postgres.start();
    await postgres.freeze();
    try {
      const hung = await timed(() => server.app.inject({ method: "GET", url: `/v1/users/${user.username}` }));
      expectDatabaseError([hung.value]);
      expect(hung.ms).toBeLessThan(HUNG_SERVER_BOUND_MS);
    } finally {
      await postgres.thaw();
    }
    for (const response of await databaseRequests()) expect(response.statusCode).toBe(200);
    expect(crashes!.crashes).toEqual([]);
  });
});
