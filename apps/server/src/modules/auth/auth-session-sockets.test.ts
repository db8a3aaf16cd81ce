import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import { createAuthTestApp, newAccount, signIn, signUp, type AuthTestApp } from "../../test/test-auth.js";
import {
  connectAs,
  listenOnFreePort,
  nextEvent,
  refusedConnection,
  startChatServer,
  type ChatSocket,
} from "../../test/test-chats.js";
import { TestClient } from "../../test/test-client.js";
import { createTestDatabase } from "../../test/test-database.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/* Issue 17 item 4: a socket lives no longer than its session; ending a session closes its sockets at once. */

let t: AuthTestApp;
let url: string;
beforeAll(async () => {
  t = await createAuthTestApp();
  url = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const sockets: ChatSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

async function socketOf(client: TestClient, at = url): Promise<ChatSocket> {
  const socket = await connectAs(at, client);
  sockets.push(socket);
  return socket;
}

/** Resolves with the session_expired code and the disconnect reason once the server has closed the socket. */
function endOf(socket: ChatSocket) {
  const told = nextEvent(socket, "session_expired");
  const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
  return Promise.all([told, closed]).then(([event, reason]) => ({ code: event.error_code, reason }));
}

const ended = { code: "TOKEN_IS_REVOKED", reason: "io server disconnect" };

/** A registered user signed in on a laptop and a phone, each with a socket open. */
async function userWithTwoDevices() {
  const account = newAccount();
  const laptop = new TestClient(t.app);
  await signUp(t, laptop, account);
  const phone = new TestClient(t.app);
  expect((await signIn(phone, account)).statusCode).toBe(200);
  return { account, laptop, phone, laptopSocket: await socketOf(laptop), phoneSocket: await socketOf(phone) };
}

describe("ending sessions closes their sockets", () => {
  it("sign-out everywhere closes every socket of the user, and their cookies open no new one", async () => {
    const { laptop, phone, laptopSocket, phoneSocket } = await userWithTwoDevices();
    const stale = phone.copy();
    const [laptopEnd, phoneEnd] = [endOf(laptopSocket), endOf(phoneSocket)];

    expect((await laptop.post("/v1/auth/logout-all")).statusCode).toBe(200);
    expect(await laptopEnd).toEqual(ended);
    expect(await phoneEnd).toEqual(ended);
    expect((await refusedConnection(url, stale)).message).toBe("TOKEN_IS_REVOKED");
  });

  it("a password change closes the sockets of the other sessions and keeps this one's", async () => {
    const { account, laptop, phone, laptopSocket, phoneSocket } = await userWithTwoDevices();
    const phoneEnd = endOf(phoneSocket);

    const changed = await laptop.post("/v1/users/password", {
      current_password: account.password,
      new_password: "Fresh#Pass9",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await phoneEnd).toEqual(ended);
    expect((await refusedConnection(url, phone)).message).toBe("TOKEN_IS_REVOKED");
    // The laptop's socket still answers: a join_room of an unknown chat is refused by the chat, not the session.
    const answer = nextEvent(laptopSocket, "join_room_error");
    laptopSocket.emit("join_room", { chat_id: "00000000-0000-4000-8000-000000000000" });
    expect((await answer).error_code).toBe("CHAT_NOT_FOUND");
    expect(laptopSocket.connected).toBe(true);
  });

  it("a password reset closes every socket of the user", async () => {
    const { account, laptop, phone, laptopSocket, phoneSocket } = await userWithTwoDevices();
    const [laptopEnd, phoneEnd] = [endOf(laptopSocket), endOf(phoneSocket)];
    const browser = new TestClient(t.app);

    expect((await browser.post("/v1/auth/password-reset-code", { email: account.email })).statusCode).toBe(200);
    const reset = await browser.post("/v1/auth/set-new-password", {
      email: account.email,
      code: t.mail.latestCodeFor(account.email),
      new_password: "Fresh#Pass9",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await laptopEnd).toEqual(ended);
    expect(await phoneEnd).toEqual(ended);
    for (const stale of [laptop, phone]) expect((await refusedConnection(url, stale)).message).toBe("TOKEN_IS_REVOKED");
  });

  it("sign-out closes the sockets of this sign-in, those opened before a refresh included, and no other", async () => {
    const { laptop, phone, laptopSocket, phoneSocket } = await userWithTwoDevices();
    expect((await laptop.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    const refreshedSocket = await socketOf(laptop);
    const [olderEnd, newerEnd] = [endOf(laptopSocket), endOf(refreshedSocket)];

    expect((await laptop.post("/v1/auth/logout")).statusCode).toBe(200);
    expect(await olderEnd).toEqual(ended);
    expect(await newerEnd).toEqual(ended);
    expect(phoneSocket.connected).toBe(true);
    expect((await socketOf(phone)).connected).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DB_DRIVER === "postgres";

describe.runIf(redisUrl !== undefined && sharedDatabase)("two instances on one PostgreSQL and Redis", () => {
  it("sign-out everywhere through one instance closes the user's socket on the other", async () => {
    const db = await createTestDatabase();
    const config: Partial<Config> = { jwtSecret: randomBytes(32).toString("hex"), dataKey: randomBytes(32), redisUrl };
    const a = await startChatServer(db, config);
    const b = await startChatServer(db, config);
    try {
      const user = await createTestUser(db.db, { username: `sock_end_${randomBytes(3).toString("hex")}` });
      const socket = await socketOf(await signInAs(b.app, user), b.url);
      const end = endOf(socket);

      expect((await (await signInAs(a.app, user)).post("/v1/auth/logout-all")).statusCode).toBe(200);
      expect(await end).toEqual(ended);
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });
});
