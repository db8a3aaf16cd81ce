import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SignInSession } from "@lootlane/contract";
import { createAuthTestApp, newAccount, signIn, signUp, type AuthTestApp } from "../../test/test-auth.js";
import { connectAs, listenOnFreePort, nextEvent, type ChatSocket } from "../../test/test-chats.js";
import { TestClient } from "../../test/test-client.js";

/* Issue 22: sessions you can see (one row per sign-in, "sign out this one") and the mail on a new device. */

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
// Public addresses of known countries (IP2Location LITE): Yandex's resolver in Russia, Google's in the US.
const RU_ADDRESS = "77.88.8.8";
const US_ADDRESS = "8.8.8.8";

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

let lastOctet = 0;
/** A browser as the web app starts one: it has fetched its device cookie before anyone signs in with it. */
async function browser(options: { userAgent?: string; ip?: string; locale?: string } = {}): Promise<TestClient> {
  const client = new TestClient(t.app, options);
  await client.post("/v1/auth/");
  expect(client.cookie("device_id")).toBeDefined();
  return client;
}

/** A distinct address in the given /24, so per-IP limits of one test never reach another. */
const near = (address: string) => `${address.split(".").slice(0, 3).join(".")}.${(lastOctet = (lastOctet % 250) + 1)}`;

async function listOf(client: TestClient): Promise<SignInSession[]> {
  const response = await client.get("/v1/auth/sessions");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().sessions;
}

const errorCode = (response: LightMyRequestResponse) => response.json().detail.error_code;

async function socketOf(client: TestClient): Promise<ChatSocket> {
  const socket = await connectAs(url, client);
  sockets.push(socket);
  return socket;
}

async function laptopAndPhone() {
  const account = newAccount();
  const laptop = await browser({ userAgent: FIREFOX_WINDOWS, ip: RU_ADDRESS });
  await signUp(t, laptop, account);
  t.clock.advance(60_000);
  const phone = await browser({ userAgent: SAFARI_IPHONE, ip: near(US_ADDRESS) });
  expect((await signIn(phone, account)).statusCode).toBe(200);
  return { account, laptop, phone };
}

describe("GET /auth/sessions", () => {
  it("lists each live sign-in once, this one first, with browser, system, country and last activity", async () => {
    const { account, laptop, phone } = await laptopAndPhone();
    const signedInAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    expect((await phone.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    const refreshedAt = t.clock.now().toISOString();
    const gone = await browser({ userAgent: CHROME_ANDROID });
    expect((await signIn(gone, account)).statusCode).toBe(200);
    expect((await gone.post("/v1/auth/logout")).statusCode).toBe(200);

    const [mine, other, ...more] = await listOf(laptop);
    expect(more).toEqual([]);
    expect(mine).toMatchObject({ current: true, browser: "Firefox 128", os: "Windows 10", place: "RU" });
    expect(other).toMatchObject({
      current: false,
      browser: "Safari 17",
      os: "iOS 17.5",
      place: "US",
      last_active_at: refreshedAt,
      signed_in_at: signedInAt,
    });
    // The phone sees the same two sign-ins under the same ids, itself as the current one.
    const fromPhone = await listOf(phone);
    expect(fromPhone.map((row) => [row.id, row.current])).toEqual([
      [other!.id, true],
      [mine!.id, false],
    ]);
  });

  it("shows a private address as the local network and an unknown agent as nothing", async () => {
    const account = newAccount();
    const client = new TestClient(t.app);
    await signUp(t, client, account);
    expect(await listOf(client)).toEqual([expect.objectContaining({ browser: null, os: null, place: "local" })]);
  });
});

describe("DELETE /auth/sessions/{id}", () => {
  it("signs that device out: its socket closes and its tokens stop working; the others go on", async () => {
    const { laptop, phone } = await laptopAndPhone();
    const [laptopSocket, phoneSocket] = [await socketOf(laptop), await socketOf(phone)];
    const phoneEnd = nextEvent(phoneSocket, "session_expired");
    const phoneClosed = new Promise<string>((resolve) => phoneSocket.once("disconnect", resolve));
    const phoneId = (await listOf(laptop)).find((row) => !row.current)!.id;

    const response = await laptop.request("DELETE", `/v1/auth/sessions/${phoneId}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await phoneEnd).error_code).toBe("TOKEN_IS_REVOKED");
    expect(await phoneClosed).toBe("io server disconnect");
    expect(errorCode(await phone.get("/v1/auth/get-my-user-id"))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await phone.post("/v1/auth/update-tokens"))).toBe("TOKEN_IS_REVOKED");

    expect(laptopSocket.connected).toBe(true);
    expect((await laptop.get("/v1/auth/get-my-user-id")).statusCode).toBe(200);
    expect((await listOf(laptop)).map((row) => row.current)).toEqual([true]);
    // Gone is gone: a second time it is not found.
    expect(errorCode(await laptop.request("DELETE", `/v1/auth/sessions/${phoneId}`))).toBe("SESSION_NOT_FOUND");
  });

  it("answers 404 for another user's sign-in and leaves it alone", async () => {
    const { phone } = await laptopAndPhone();
    const stranger = new TestClient(t.app);
    await signUp(t, stranger);
    const phoneId = (await listOf(phone)).find((row) => row.current)!.id;

    const response = await stranger.request("DELETE", `/v1/auth/sessions/${phoneId}`);
    expect([response.statusCode, errorCode(response)]).toEqual([404, "SESSION_NOT_FOUND"]);
    expect((await phone.get("/v1/auth/get-my-user-id")).statusCode).toBe(200);
  });

  it("signing out this very device forgets its cookies", async () => {
    const { laptop } = await laptopAndPhone();
    const mine = (await listOf(laptop)).find((row) => row.current)!.id;
    expect((await laptop.request("DELETE", `/v1/auth/sessions/${mine}`)).statusCode).toBe(204);
    expect(laptop.cookie("access_token")).toBeUndefined();
    expect(laptop.cookie("refresh_token")).toBeUndefined();
  });
});

describe("e-mail on a sign-in from a new device", () => {
  const noticesTo = (email: string) =>
    t.mail.mailsTo(email).filter((mail) => /New sign-in|Новый вход/.test(mail.subject));

  it("is sent once per new device, in the user's language, never for sign-up or a known device", async () => {
    const account = newAccount();
    const laptop = await browser({ userAgent: FIREFOX_WINDOWS, ip: near(RU_ADDRESS), locale: "ru" });
    await signUp(t, laptop, account);
    const phone = await browser({ userAgent: SAFARI_IPHONE, ip: near(US_ADDRESS) });
    expect((await signIn(phone, account)).statusCode).toBe(200);

    await vi.waitFor(() => expect(noticesTo(account.email)).toHaveLength(1));
    const [notice] = noticesTo(account.email);
    expect(notice!.subject).toBe("Новый вход в аккаунт Lootlane");
    expect(notice!.text).toContain("Устройство: Safari 17, iOS 17.5");
    expect(notice!.text).toContain(`Место: ${new Intl.DisplayNames(["ru"], { type: "region" }).of("US")}`);
    expect(notice!.text).toContain("1 января 2030");
    expect(notice!.text).toContain("смените пароль");

    // Known devices, again and again: the phone after signing out, the laptop it signed up on.
    expect((await phone.post("/v1/auth/logout")).statusCode).toBe(200);
    expect((await signIn(phone, account)).statusCode).toBe(200);
    expect((await signIn(laptop, account)).statusCode).toBe(200);
    const tablet = await browser({ userAgent: CHROME_ANDROID });
    expect((await signIn(tablet, account)).statusCode).toBe(200);
    await vi.waitFor(() => expect(noticesTo(account.email).length).toBeGreaterThanOrEqual(2));
    expect(noticesTo(account.email).map((mail) => mail.text.match(/Устройство: (.*)/)?.[1])).toEqual([
      "Safari 17, iOS 17.5",
      "Chrome 131, Android 14",
    ]);
  });

  it("never fails the sign-in when the mail cannot be sent", async () => {
    const account = newAccount();
    await signUp(t, await browser(), account);
    t.mail.rejecting = true;
    try {
      const response = await signIn(await browser({ userAgent: CHROME_ANDROID }), account);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      t.mail.rejecting = false;
    }
  });
});
