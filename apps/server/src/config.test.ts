import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import webPush from "web-push";
import { isVapidPair } from "./config-secrets.js";
import { ConfigError, loadConfig } from "./config.js";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lootlane-config-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("starts with nothing set: embedded defaults and generated secrets", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: "production",
      port: 3000,
      host: "0.0.0.0",
      allowedOrigins: [],
      databaseUrl: undefined,
      redisUrl: undefined,
      s3: undefined,
      smtpUrl: undefined,
      commissionPercent: 0,
      autoConfirmHours: 72,
      sweepIntervalMs: 60_000,
      uploadLimits: { productsPerHour: 20, bytesPerDay: 100_000_000, bytesPerUser: 500_000_000 },
      seedDemo: true,
      secureCookies: true,
      webhookAllowPrivateTargets: false,
      dataDir: path.resolve(dataDir),
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.dataKey).toHaveLength(32);
  });

  it("keeps the generated secrets across restarts, so sessions and encrypted data survive", () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.dataKey.equals(first.dataKey)).toBe(true);
  });

  it("generates a VAPID key pair into DATA_DIR once, and adds it to a secrets file written before web push", () => {
    const secretsFile = path.join(dataDir, "secrets.json");
    const before = { jwtSecret: "j".repeat(48), dataKey: "ab".repeat(32) };
    writeFileSync(secretsFile, JSON.stringify(before));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toBe(before.jwtSecret);
    expect(first.dataKey.toString("hex")).toBe(before.dataKey);
    expect(Buffer.from(first.vapid.publicKey, "base64url")).toHaveLength(65);
    expect(isVapidPair(first.vapid.publicKey, first.vapid.privateKey)).toBe(true);
    expect(JSON.parse(readFileSync(secretsFile, "utf8"))).toEqual({
      ...before,
      vapidPublicKey: first.vapid.publicKey,
      vapidPrivateKey: first.vapid.privateKey,
    });
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first.vapid);
  });

  it("takes the VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, writing no file when every secret is set", () => {
    const keys = webPush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: "s".repeat(32),
      DATA_KEY: "cd".repeat(32),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "https://market.example",
    });
    expect(config.vapid).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: "https://market.example",
    });
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
  });

  it("names push services a contact: the admin, else an https site, else the mail sender", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).vapid.subject).toBe("mailto:no-reply@lootlane.local");
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://market.example/app" }).vapid.subject).toBe(
      "https://market.example",
    );
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://market.example", ADMIN_EMAIL: "ops@market.example" }).vapid
        .subject,
    ).toBe("mailto:ops@market.example");
  });

  it("refuses half a VAPID pair, keys of two pairs, a key that is not one and a subject push services refuse", () => {
    const [one, two] = [webPush.generateVAPIDKeys(), webPush.generateVAPIDKeys()];
    expect(problemsOf({ VAPID_PUBLIC_KEY: one.publicKey })).toEqual([
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither",
    ]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: one.publicKey, VAPID_PRIVATE_KEY: two.privateKey })).toEqual([
      "VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY",
    ]);
    const named = problemsOf({
      VAPID_PUBLIC_KEY: one.privateKey,
      VAPID_PRIVATE_KEY: `${one.privateKey}+/`,
      VAPID_SUBJECT: "http://market.example",
    }).map((problem) => problem.split(":", 1)[0]);
    expect(named.sort()).toEqual(["VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY", "VAPID_SUBJECT"]);
  });

  it("reads lists and numbers from their variables", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: "8080",
      ALLOWED_ORIGINS: " https://a.example , https://b.example ",
      COMMISSION_PERCENT: "2.5",
      NODE_ENV: "development",
      PRODUCTS_PER_HOUR: "5",
      UPLOAD_BYTES_PER_DAY: "1000000",
      MEDIA_BYTES_PER_USER: "20000000",
    });
    expect(config.uploadLimits).toEqual({ productsPerHour: 5, bytesPerDay: 1_000_000, bytesPerUser: 20_000_000 });
    expect(config.port).toBe(8080);
    expect(config.allowedOrigins).toEqual(["https://a.example", "https://b.example"]);
    expect(config.commissionPercent).toBe(2.5);
    expect(config.secureCookies).toBe(false);
  });

  it("reads RATING_MIN_DEAL_RUB as kopecks (100 ₽ unless set) and refuses a negative or fractional-kopeck amount", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).ratingMinDealKopecks).toBe(100_00);
    expect(loadConfig({ DATA_DIR: dataDir, RATING_MIN_DEAL_RUB: "49.99" }).ratingMinDealKopecks).toBe(49_99);
    expect(loadConfig({ DATA_DIR: dataDir, RATING_MIN_DEAL_RUB: "0" }).ratingMinDealKopecks).toBe(0);
    for (const bad of ["-1", "0.001", "lots"]) {
      const problems = problemsOf({ RATING_MIN_DEAL_RUB: bad });
      expect(
        problems.map((problem) => problem.split(":", 1)[0]),
        bad,
      ).toEqual(["RATING_MIN_DEAL_RUB"]);
    }
  });

  it("treats an empty variable as unset and takes its default", () => {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: "", ADMIN_PASSWORD: " ", PORT: "", DATABASE_URL: "" });
    expect(config.adminEmail).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it("names every bad variable in one error", () => {
    const problems = problemsOf({
      PORT: "not-a-port",
      DATABASE_URL: "mysql://localhost/db",
      JWT_SECRET: "short",
      DATA_KEY: "xyz",
      LOG_LEVEL: "loud",
      COMMISSION_PERCENT: "150",
      PRODUCTS_PER_HOUR: "0",
      MEDIA_BYTES_PER_USER: "lots",
    });
    const named = problems.map((problem) => problem.split(":", 1)[0]);
    expect(named.sort()).toEqual([
      "COMMISSION_PERCENT",
      "DATABASE_URL",
      "DATA_KEY",
      "JWT_SECRET",
      "LOG_LEVEL",
      "MEDIA_BYTES_PER_USER",
      "PORT",
      "PRODUCTS_PER_HOUR",
    ]);
  });

  it("refuses a partial S3 configuration, naming what is missing", () => {
    const problems = problemsOf({ S3_BUCKET: "images" });
    expect(problems).toEqual([
      "S3_ACCESS_KEY: required when any S3_* variable is set",
      "S3_SECRET_KEY: required when any S3_* variable is set",
    ]);
  });

  it("accepts a complete S3 configuration", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: "images",
      S3_ACCESS_KEY: "key",
      S3_SECRET_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.example/images",
    });
    expect(config.s3).toMatchObject({
      bucket: "images",
      accessKey: "key",
      secretKey: "secret",
      publicUrl: "https://cdn.example/images",
    });
  });
  it("reads TRUST_PROXY as a flag or addresses and ranges, and names a bad entry", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "10.0.0.0/8, ::1" }).trustProxy).toEqual(["10.0.0.0/8", "::1"]);
    expect(problemsOf({ TRUST_PROXY: "10.0.0.0/8,nginx" })).toEqual([
      "TRUST_PROXY: must be true, false or IP addresses / CIDR ranges, not nginx",
    ]);
    expect(problemsOf({ TRUST_PROXY: "10.0.0.0/33" })).toHaveLength(1);
  });

  it("takes top-ups through the test checkout by default, with the issue's limits and no payout gateway", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).payments).toEqual({
      provider: "test",
      yookassa: undefined,
      notifyIps: undefined,
      payouts: undefined,
      topUpMaxKopecks: 100_000_00,
      topUpDailyMaxKopecks: 300_000_00,
      payoutFeePercent: 0,
      payoutMinKopecks: 100_00,
    });
  });

  it("reads the ЮKassa shop, its payout gateway, the notification allow-list and the limits", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PAYMENTS_PROVIDER: "yookassa",
      YOOKASSA_SHOP_ID: "123456",
      YOOKASSA_SECRET_KEY: "live_secret",
      YOOKASSA_API_URL: "http://127.0.0.1:9000/v3",
      YOOKASSA_NOTIFY_IPS: "185.71.76.0/27, 77.75.156.11, 2a02:5180::/32",
      YOOKASSA_PAYOUT_AGENT_ID: "505050",
      YOOKASSA_PAYOUT_SECRET: "payout_secret",
      TOP_UP_MAX_RUB: "5000",
      TOP_UP_DAILY_MAX_RUB: "20000",
      PAYOUT_FEE_PERCENT: "1.5",
      PAYOUT_MIN: "300",
    });
    expect(config.payments).toEqual({
      provider: "yookassa",
      yookassa: { apiUrl: "http://127.0.0.1:9000/v3", id: "123456", secret: "live_secret" },
      notifyIps: ["185.71.76.0/27", "77.75.156.11", "2a02:5180::/32"],
      payouts: { apiUrl: "http://127.0.0.1:9000/v3", id: "505050", secret: "payout_secret" },
      topUpMaxKopecks: 5_000_00,
      topUpDailyMaxKopecks: 20_000_00,
      payoutFeePercent: 1.5,
      payoutMinKopecks: 300_00,
    });
    expect(loadConfig({ DATA_DIR: dataDir, PAYMENTS_PROVIDER: "none" }).payments.provider).toBe("none");
  });

  it("refuses ЮKassa without its shop, half a payout gateway, a bad allow-list entry and bad limits, naming each", () => {
    expect(problemsOf({ PAYMENTS_PROVIDER: "yookassa" })).toEqual([
      "YOOKASSA_SHOP_ID: required when PAYMENTS_PROVIDER=yookassa",
      "YOOKASSA_SECRET_KEY: required when PAYMENTS_PROVIDER=yookassa",
    ]);
    const halves: Array<Record<string, string>> = [
      { YOOKASSA_PAYOUT_AGENT_ID: "505050" },
      { YOOKASSA_PAYOUT_SECRET: "payout_secret" },
    ];
    for (const half of halves)
      expect(problemsOf(half)).toEqual(["YOOKASSA_PAYOUT_AGENT_ID and YOOKASSA_PAYOUT_SECRET: set both or neither"]);
    expect(problemsOf({ YOOKASSA_NOTIFY_IPS: "185.71.76.0/27,yookassa.ru" })).toEqual([
      "YOOKASSA_NOTIFY_IPS: must be IP addresses / CIDR ranges, not yookassa.ru",
    ]);
    const named = problemsOf({
      PAYMENTS_PROVIDER: "stripe",
      YOOKASSA_API_URL: "ftp://api.yookassa.ru",
      TOP_UP_MAX_RUB: "0",
      TOP_UP_DAILY_MAX_RUB: "10.5",
      PAYOUT_FEE_PERCENT: "101",
      PAYOUT_MIN: "-1",
    }).map((problem) => problem.split(":", 1)[0]);
    expect(named.sort()).toEqual([
      "PAYMENTS_PROVIDER",
      "PAYOUT_FEE_PERCENT",
      "PAYOUT_MIN",
      "TOP_UP_DAILY_MAX_RUB",
      "TOP_UP_MAX_RUB",
      "YOOKASSA_API_URL",
    ]);
  });

  it("bounds slow clients by default: a request within 30 s, 256 connections per address at the edge", () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ requestTimeoutMs: 30_000, maxConnectionsPerIp: 256 });
    const config = loadConfig({ DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: "5000", MAX_CONNECTIONS_PER_IP: "0" });
    expect(config).toMatchObject({ requestTimeoutMs: 5000, maxConnectionsPerIp: 0 });
    const named = problemsOf({ REQUEST_TIMEOUT_MS: "0", MAX_CONNECTIONS_PER_IP: "-1" }).map((p) => p.split(":", 1)[0]);
    expect(named.sort()).toEqual(["MAX_CONNECTIONS_PER_IP", "REQUEST_TIMEOUT_MS"]);
  });
});
