import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeLeaks, findLeakedSecrets } from "./log-secrets-check.js";
import type { RecordedSecret } from "./secret-recorder.js";
import { createTestApp, type TestApp } from "./test-app.js";
import { createTestGame, createTestSubcategory, imagePart, sendForm, textParts } from "./test-catalog.js";
import { TestClient } from "./test-client.js";
import { testImages } from "./test-images.js";
import { testRunDir } from "./test-run-dir.js";
import { extractCode, parseMessage } from "./test-mail.js";
import { adjustBalanceAs, buyAs } from "./test-money.js";
import { createTestUser, signInAs } from "./test-users.js";

/** A run directory as the global setup makes it, holding the given log lines (in `logs`, or another) and secrets. */
async function runDirWith(
  logLines: readonly string[],
  secrets: readonly RecordedSecret[],
  logs = "logs",
): Promise<string> {
  const runDir = await mkdtemp(path.join(tmpdir(), "lootlane-log-check-"));
  await mkdir(path.join(runDir, logs));
  await mkdir(path.join(runDir, "secrets"));
  await writeFile(path.join(runDir, logs, "app.log"), logLines.join("\n"));
  await writeFile(
    path.join(runDir, "secrets", "1.jsonl"),
    secrets.map((secret) => `${JSON.stringify(secret)}\n`).join(""),
  );
  return runDir;
}

async function leaksIn(logLines: readonly string[], secrets: readonly RecordedSecret[], logs = "logs") {
  const runDir = await runDirWith(logLines, secrets, logs);
  try {
    return findLeakedSecrets(runDir);
  } finally {
    await rm(runDir, { recursive: true, force: true });
  }
}

const logLine = (fields: object) => JSON.stringify({ level: 30, time: 1718000123456, pid: 4242, ...fields });

describe("the check for secrets in the captured logs", () => {
  it("names the file, line and kind of a logged secret without printing it", async () => {
    const leaks = await leaksIn(
      [
        logLine({ msg: "incoming request" }),
        logLine({ msg: "mail sent", mail: { text: "Your code: 482913" } }),
        "password: Hunter!2pass (console)",
      ],
      [
        { kind: "mailed code", value: "482913" },
        { kind: "password", value: "Hunter!2pass" },
        { kind: "password", value: "Never!logged1" },
      ],
    );
    expect(leaks.map(({ file, line, kind }) => ({ file, line, kind }))).toEqual([
      { file: "app.log", line: 2, kind: "mailed code" },
      { file: "app.log", line: 3, kind: "password" },
    ]);
    const report = describeLeaks(leaks);
    expect(report).toContain("app.log:2: a mailed code appears in");
    expect(report).not.toContain("482913");
    expect(report).not.toContain("Hunter!2pass");
  });

  it("finds a secret written with JSON escapes, and a code as a whole number in a URL", async () => {
    const leaks = await leaksIn(
      [
        logLine({ err: { message: 'bad body: password=Quo"te!1x' } }),
        logLine({ req: { url: "/v1/auth/reset?code=482913&x=1" } }),
      ],
      [
        { kind: "password", value: 'Quo"te!1x' },
        { kind: "code", value: "482913" },
      ],
    );
    expect(leaks.map(({ line, kind }) => [line, kind])).toEqual([
      [1, "password"],
      [2, "code"],
    ]);
  });

  it("does not take a code for part of an id, a timestamp or a response time", async () => {
    const leaks = await leaksIn(
      [
        logLine({
          reqId: "a482913b-0000-4000-8000-000000000000",
          responseTime: 3.482913,
          time: 17180482913,
          msg: "id 1482913 and x482913",
        }),
      ],
      [{ kind: "code", value: "482913" }],
    );
    expect(leaks).toEqual([]);
  });

  it("leaves out the logs of apps that opted out of recording, and only those", async () => {
    // The fuzzing app's URL, holding by chance the code another suite was mailed (issue 16).
    const line = logLine({ req: { url: "/v1/products/?page=482913" } });
    const secrets = [{ kind: "email_code", value: "482913" }];
    expect(await leaksIn([line], secrets, "unscanned-logs")).toEqual([]);
    expect((await leaksIn([line], secrets)).map(({ kind }) => kind)).toEqual(["email_code"]);
  });

  it("is where a test app that records no secrets does not log", async () => {
    const runDir = testRunDir();
    expect(runDir, "the server projects run with the log check's global setup").toBeDefined();
    const marker = `unscanned-${randomUUID()}`;
    const t = await createTestApp({}, {}, { recordSecrets: false });
    try {
      expect((await t.app.inject({ method: "GET", url: `/v1/health?${marker}` })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    const logged = async (logs: string) =>
      (
        await Promise.all(
          (await readdir(path.join(runDir!, logs)).catch(() => [])).map((file) =>
            readFile(path.join(runDir!, logs, file), "utf8"),
          ),
        )
      ).some((text) => text.includes(marker));
    expect(await logged("unscanned-logs")).toBe(true);
    expect(await logged("logs")).toBe(false);
  });
});

/**
 * The app at its most verbose (trace), mailing through the embedded outbox as a fresh clone does, through every
 * step that handles a secret; then, with the database gone, the same requests failing with 500s, whose error
 * logs must not carry the request either.
 */
describe("what the app logs at trace level", () => {
  const lines: string[] = [];
  const secrets: RecordedSecret[] = [];
  const secret = (kind: string, value: string | undefined) => {
    expect(value, kind).toBeTruthy();
    secrets.push({ kind, value: value! });
    return value!;
  };
  let t: TestApp;
  let outboxSeen = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } } });
  });
  afterAll(() => t.close());

  /** The code in the next mail the outbox received. */
  async function nextMailedCode(): Promise<string> {
    const outbox = path.join(t.config.dataDir, "outbox");
    const files = (await readdir(outbox)).sort();
    expect(files.length).toBe(outboxSeen + 1);
    outboxSeen = files.length;
    return secret("mailed code", extractCode(parseMessage(await readFile(path.join(outbox, files.at(-1)!), "utf8"))));
  }

  function rememberTokens(client: TestClient) {
    secret("access token", client.cookie("access_token"));
    secret("refresh token", client.cookie("refresh_token"));
  }

  it("holds no password, code, token or goods after a seller's and a buyer's whole story", async () => {
    secret("JWT_SECRET", t.config.jwtSecret);
    const seller = new TestClient(t.app);
    const email = "log_seller@example.com";
    const username = "log_seller";
    const password = secret("password", "Sign!up4logs");
    expect((await seller.post("/v1/auth/send-verification-code", { email, username })).statusCode).toBe(200);
    const signedUp = await seller.post("/v1/auth/confirm-verification-code", {
      email,
      username,
      password,
      email_code: await nextMailedCode(),
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const sellerId = (signedUp.json() as { id: string }).id;
    rememberTokens(seller);

    expect((await seller.post("/v1/auth/login", { email, password })).statusCode).toBe(200);
    rememberTokens(seller);
    expect((await seller.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    rememberTokens(seller);

    expect((await seller.post("/v1/auth/password-reset-code", { email })).statusCode).toBe(200);
    const code = await nextMailedCode();
    expect((await seller.post("/v1/auth/confirm-password-reset-code", { email, code })).statusCode).toBe(200);
    const newPassword = secret("new_password", "Reset!4logsNew");
    expect(
      (await seller.post("/v1/auth/set-new-password", { email, code, new_password: newPassword })).statusCode,
    ).toBe(200);
    expect((await seller.post("/v1/auth/login", { email, password: newPassword })).statusCode).toBe(200);
    rememberTokens(seller);

    const game = await createTestGame(t.database.db);
    const category = await createTestSubcategory(t.database.db, game);
    const goods = secret("product_data", "login: log-goods / password: Goods!2026");
    const created = await sendForm(t, seller, "POST", "/v1/products/", [
      ...textParts({
        title: "Logged listing",
        description: "A listing whose goods must stay out of the logs.",
        price: 100,
        product_data: goods,
        category_id: category.id,
      }),
      imagePart("uploaded_images", await testImages.png()),
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const productId = (created.json() as { id: string }).id;

    const admin = await signInAs(t.app, await createTestUser(t.database.db, { username: "log_admin", role: "admin" }));
    rememberTokens(admin);
    expect((await admin.post("/v1/admin/products/approve", { product_id: productId })).statusCode).toBe(200);
    const buyerUser = await createTestUser(t.database.db, { username: "log_buyer" });
    await adjustBalanceAs(admin, buyerUser.id, 1000);
    const buyer = await signInAs(t.app, buyerUser);
    rememberTokens(buyer);
    const bought = await buyAs(t, buyer, productId);
    expect(bought.statusCode, bought.body).toBe(200);
    const chatId = (bought.json() as { chat_id: string }).chat_id;

    const read = await buyer.get(`/v1/products/get/chat/${chatId}`);
    expect(read.json()).toMatchObject({ product_data_string: goods });
    expect((await seller.get(`/v1/products/${productId}`)).json()).toMatchObject({ product_data_string: goods });
    expect((await seller.get(`/v1/users/${sellerId}/sales`)).statusCode).toBe(200);

    // The log is not empty: every request was logged, with its URL.
    expect(lines.join("")).toContain("/v1/auth/confirm-verification-code");
    expect(lines.join("")).toContain(`/v1/products/get/chat/${chatId}`);
    const leaks = await leaksIn(lines, secrets);
    expect(leaks, describeLeaks(leaks)).toEqual([]);
  });

  it("logs a 500 with its cause but without the request's secrets", async () => {
    const before = lines.length;
    await t.database.close();
    const password = secret("password", "Down!4logsPass");
    const client = new TestClient(t.app);
    expect(
      (await client.post("/v1/auth/login", { email: "log_seller@example.com", password })).statusCode,
    ).toBeGreaterThanOrEqual(500);
    const email_code = secret("email_code", "735190");
    const failed = await client.post("/v1/auth/confirm-verification-code", {
      email: "log_late@example.com",
      username: "log_late",
      password,
      email_code,
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(lines.slice(before).join("")).toContain("request failed");
    const leaks = await leaksIn(lines.slice(before), secrets);
    expect(leaks, describeLeaks(leaks)).toEqual([]);
  });
});
