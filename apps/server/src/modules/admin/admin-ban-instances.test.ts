import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import { connectAs, nextEvent, startChatServer } from "../../test/test-chats.js";
import { createTestDatabase } from "../../test/test-database.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/* A ban through one instance closes the user's sockets on another (the Redis adapter relays it). */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DB_DRIVER === "postgres";

describe.runIf(redisUrl !== undefined && sharedDatabase)("a ban with two instances on one PostgreSQL and Redis", () => {
  it("disconnects the banned user's socket on the other instance after telling it why", async () => {
    const db = await createTestDatabase();
    cleanup.push(() => db.close());
    const config: Partial<Config> = { jwtSecret: randomBytes(32).toString("hex"), dataKey: randomBytes(32), redisUrl };
    const [a, b] = [await startChatServer(db, config), await startChatServer(db, config)];
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
    const admin = await createTestUser(db.db, {
      username: `inst_admin_${randomBytes(3).toString("hex")}`,
      role: "admin",
    });
    const user = await createTestUser(db.db, { username: `inst_user_${randomBytes(3).toString("hex")}` });

    const socket = await connectAs(b.url, await signInAs(b.app, user));
    cleanup.push(async () => void socket.close());
    const told = nextEvent(socket, "session_expired");
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const banned = await (await signInAs(a.app, admin)).post("/v1/admin/ban-user", { id: user.id });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(await told).toMatchObject({ error_code: "USER_IS_BANNED" });
    expect(await closed).toBe("io server disconnect");
  });
});
