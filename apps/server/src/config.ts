import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hasWholeKopecks, roublesToKopecks } from "@lootlane/contract";
import { z } from "zod";
import {
  generatedSecrets,
  isVapidPair,
  vapidPrivateKeyProblem,
  vapidPublicKeyProblem,
  type SecretName,
} from "./config-secrets.js";

/**
 * The only reader of process.env. Every variable has an embedded default so a fresh clone starts with nothing
 * installed; a bad value stops the boot with one message that names every bad variable.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
    );

const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    urlWithProtocols(protocols).optional(),
  );

/**
 * Which proxies may name the client in X-Forwarded-For: their addresses and CIDR ranges, or `true` (any peer,
 * safe only where no client reaches the app directly; app.ts warns otherwise). Off by default, because a client
 * talking to the app directly could otherwise choose its own address and step round every per-IP limit.
 */
/** Addresses and CIDR ranges, comma-separated: each checked, so a typo stops the boot instead of letting anyone in. */
function addressRanges(value: string, context: z.RefinementCtx, expected = "IP addresses / CIDR ranges"): string[] {
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = "", bits, ...rest] = entry.split("/");
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    if (version === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      context.addIssue({ code: "custom", message: `must be ${expected}, not ${entry}` });
      return z.NEVER;
    }
  }
  return entries;
}

/**
 * Which proxies may name the client in X-Forwarded-For: their addresses and CIDR ranges, or `true` (any peer,
 * safe only where no client reaches the app directly; app.ts warns otherwise). Off by default, because a client
 * talking to the app directly could otherwise choose its own address and step round every per-IP limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): boolean | string[] =>
    value === "true" || value === "false"
      ? value === "true"
      : addressRanges(value, context, "true, false or IP addresses / CIDR ranges"),
  );

const wholeRoubles = z.coerce.number().int().positive();

const vapidKey = (problemOf: (key: string) => string | undefined) =>
  z
    .string()
    .trim()
    .superRefine((key, context) => {
      const problem = problemOf(key);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .optional();

/** RFC 8292: the contact a push service may write to about our pushes. */
const vapidSubject = z
  .string()
  .trim()
  .refine(
    (value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    "must be a mailto: address or an https: URL",
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  ALLOWED_ORIGINS: optionalString,
  TRUST_PROXY: trustProxy.default(false),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(256),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  REDIS_URL: optionalUrl(["redis:", "rediss:"]),
  S3_ENDPOINT: optionalUrl(["http:", "https:"]),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl(["http:", "https:"]),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().trim().min(3).default("Lootlane <no-reply@lootlane.local>"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DATA_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")
    .optional(),
  COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(0),
  AUTO_CONFIRM_HOURS: z.coerce.number().positive().default(72),
  SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  JOBS_POLL_MS: z.coerce.number().int().positive().default(1_000),
  JOBS_LEASE_MS: z.coerce.number().int().positive().default(60_000),
  NOTIFY_CHAT_EMAIL_DELAY_S: z.coerce.number().int().min(0).default(900),
  VAPID_PUBLIC_KEY: vapidKey(vapidPublicKeyProblem),
  VAPID_PRIVATE_KEY: vapidKey(vapidPrivateKeyProblem),
  VAPID_SUBJECT: vapidSubject.optional(),
  PRODUCTS_PER_HOUR: z.coerce.number().int().positive().default(20),
  UPLOAD_BYTES_PER_DAY: z.coerce.number().int().positive().default(100_000_000),
  MEDIA_BYTES_PER_USER: z.coerce.number().int().positive().default(500_000_000),
  RATING_MIN_DEAL_RUB: z.coerce
    .number()
    .min(0)
    .refine(hasWholeKopecks, "must be roubles with at most two decimals")
    .default(100),
  PAYMENTS_PROVIDER: z.enum(["yookassa", "test", "none"]).default("test"),
  YOOKASSA_SHOP_ID: optionalString,
  YOOKASSA_SECRET_KEY: optionalString,
  YOOKASSA_API_URL: urlWithProtocols(["http:", "https:"]).default("https://api.yookassa.ru/v3"),
  YOOKASSA_NOTIFY_IPS: z
    .string()
    .trim()
    .transform((value, context) => addressRanges(value, context))
    .optional(),
  YOOKASSA_PAYOUT_AGENT_ID: optionalString,
  YOOKASSA_PAYOUT_SECRET: optionalString,
  TOP_UP_MAX_RUB: wholeRoubles.default(100_000),
  TOP_UP_DAILY_MAX_RUB: wholeRoubles.default(300_000),
  PAYOUT_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  PAYOUT_MIN: wholeRoubles.default(100),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SEED_DEMO: booleanFlag.default(true),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  WEB_DIST_DIR: optionalString,
});

export type Env = z.input<typeof envSchema>;

export type S3Config = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  publicUrl: string | undefined;
};

export type UploadLimits = {
  /** New products per user and hour. */
  productsPerHour: number;
  /** Bytes of stored images (with thumbnails) per user in any 24 hours, including those removed since. */
  bytesPerDay: number;
  /** Bytes of stored images a user's profile and products may take at once. */
  bytesPerUser: number;
};

/** ЮKassa's API as one credential pair sees it: a shop (payments) or a payout gateway (payouts). */
export type YookassaCredentials = { apiUrl: string; id: string; secret: string };

export type PaymentsConfig = {
  provider: "yookassa" | "test" | "none";
  /** The shop taking top-ups, when the provider is ЮKassa. */
  yookassa: YookassaCredentials | undefined;
  /** Who may send ЮKassa notifications; undefined: anyone (each is checked against the API anyway). */
  notifyIps: string[] | undefined;
  /** The payout gateway; when set, approving a withdrawal sends a ЮKassa payout instead of waiting for a reference. */
  payouts: YookassaCredentials | undefined;
  topUpMaxKopecks: number;
  topUpDailyMaxKopecks: number;
  payoutFeePercent: number;
  payoutMinKopecks: number;
};

/** Web push (RFC 8292 VAPID): the key pair browsers subscribe with (base64url) and who push services may contact. */
export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

export type Config = {
  env: "production" | "development" | "test";
  port: number;
  host: string;
  /** Origins allowed to send state-changing requests; the app's own origin is always allowed. */
  allowedOrigins: string[];
  publicUrl: string | undefined;
  /** Fastify's trustProxy: whose X-Forwarded-For decides `request.ip`, which per-IP limits and sessions record. */
  trustProxy: boolean | string[];
  /** The longest a client may take to send a whole request, head and body; also how long a silent connection stays. */
  requestTimeoutMs: number;
  /** Open connections one client address may hold while nothing trusted stands in front (TRUST_PROXY unset); 0: no cap. */
  maxConnectionsPerIp: number;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  s3: S3Config | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  /** 32-byte key for AES-256-GCM encryption of product data at rest. */
  dataKey: Buffer;
  commissionPercent: number;
  autoConfirmHours: number;
  /** How often the recurring sweeps run (auto-confirm, top-up and payout re-checks), one instance at a time. */
  sweepIntervalMs: number;
  /** How often this instance looks for due jobs in the queue (platform/jobs). */
  jobsPollMs: number;
  /** How long a claimed job is its instance's: past it (the instance died mid-job) another runs it again. */
  jobsLeaseMs: number;
  /** At most one e-mail per chat and recipient this often, and only while its messages are unread. */
  chatEmailDelayMs: number;
  vapid: VapidConfig;
  /** What one user may upload, so no account can fill the disk (platform/images/upload-quota.ts). */
  uploadLimits: UploadLimits;
  /** A review counts in the seller's rating only for a deal worth at least this (kopecks). */
  ratingMinDealKopecks: number;
  /** Top-ups and withdrawals (issue 18; modules/wallet). */
  payments: PaymentsConfig;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  webDistDir: string;
  /** Cookies carry Secure (and the __Host- prefix where it applies) everywhere but development. */
  secureCookies: boolean;
  /**
   * Webhooks may go to private, loopback and link-local addresses, over http too (development and tests); off, they
   * go only to public https endpoints, so no seller can make the server call inside its own network.
   */
  webhookAllowPrivateTargets: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Parses the environment; throws ConfigError naming every bad variable at once. */
export function loadConfig(rawEnv: Record<string, string | undefined> = process.env): Config {
  // `NAME=` in a shell or a compose file means "not set", so it takes the default rather than failing.
  const env = Object.fromEntries(
    Object.entries(rawEnv).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
  }
  const raw = parsed.success ? parsed.data : undefined;

  const s3Vars = ["S3_BUCKET", "S3_ACCESS_KEY", "S3_SECRET_KEY"] as const;
  const s3Given = s3Vars.filter((name) => env[name]?.trim());
  if (s3Given.length > 0 && s3Given.length < s3Vars.length) {
    for (const name of s3Vars)
      if (!s3Given.includes(name)) problems.push(`${name}: required when any S3_* variable is set`);
  }
  if (raw?.PAYMENTS_PROVIDER === "yookassa") {
    for (const name of ["YOOKASSA_SHOP_ID", "YOOKASSA_SECRET_KEY"] as const)
      if (!raw[name]) problems.push(`${name}: required when PAYMENTS_PROVIDER=yookassa`);
  }
  if (Boolean(raw?.YOOKASSA_PAYOUT_AGENT_ID) !== Boolean(raw?.YOOKASSA_PAYOUT_SECRET))
    problems.push("YOOKASSA_PAYOUT_AGENT_ID and YOOKASSA_PAYOUT_SECRET: set both or neither");
  if (Boolean(raw?.VAPID_PUBLIC_KEY) !== Boolean(raw?.VAPID_PRIVATE_KEY))
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither");
  else if (raw?.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY && !isVapidPair(raw.VAPID_PUBLIC_KEY, raw.VAPID_PRIVATE_KEY))
    problems.push("VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY");
  if (problems.length > 0 || !raw) throw new ConfigError(problems);

  const dataDir = path.resolve(raw.DATA_DIR);
  const needed: SecretName[] = [
    ...(raw.JWT_SECRET ? [] : (["jwtSecret"] as const)),
    ...(raw.DATA_KEY ? [] : (["dataKey"] as const)),
    ...(raw.VAPID_PUBLIC_KEY ? [] : (["vapidPublicKey", "vapidPrivateKey"] as const)),
  ];
  const secrets = needed.length > 0 ? generatedSecrets(dataDir, needed) : {};

  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    publicUrl: raw.PUBLIC_URL,
    allowedOrigins: (raw.ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: raw.TRUST_PROXY,
    requestTimeoutMs: raw.REQUEST_TIMEOUT_MS,
    maxConnectionsPerIp: raw.MAX_CONNECTIONS_PER_IP,
    logLevel: raw.LOG_LEVEL,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    s3: raw.S3_BUCKET
      ? {
          endpoint: raw.S3_ENDPOINT,
          region: raw.S3_REGION,
          bucket: raw.S3_BUCKET,
          accessKey: raw.S3_ACCESS_KEY!,
          secretKey: raw.S3_SECRET_KEY!,
          publicUrl: raw.S3_PUBLIC_URL,
        }
      : undefined,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    jwtSecret: raw.JWT_SECRET ?? secrets.jwtSecret!,
    dataKey: Buffer.from(raw.DATA_KEY ?? secrets.dataKey!, "hex"),
    commissionPercent: raw.COMMISSION_PERCENT,
    autoConfirmHours: raw.AUTO_CONFIRM_HOURS,
    sweepIntervalMs: raw.SWEEP_INTERVAL_MS,
    jobsPollMs: raw.JOBS_POLL_MS,
    jobsLeaseMs: raw.JOBS_LEASE_MS,
    chatEmailDelayMs: raw.NOTIFY_CHAT_EMAIL_DELAY_S * 1000,
    vapid: {
      publicKey: raw.VAPID_PUBLIC_KEY ?? secrets.vapidPublicKey!,
      privateKey: raw.VAPID_PRIVATE_KEY ?? secrets.vapidPrivateKey!,
      subject: raw.VAPID_SUBJECT ?? defaultVapidSubject(raw),
    },
    uploadLimits: {
      productsPerHour: raw.PRODUCTS_PER_HOUR,
      bytesPerDay: raw.UPLOAD_BYTES_PER_DAY,
      bytesPerUser: raw.MEDIA_BYTES_PER_USER,
    },
    ratingMinDealKopecks: roublesToKopecks(raw.RATING_MIN_DEAL_RUB),
    payments: {
      provider: raw.PAYMENTS_PROVIDER,
      yookassa:
        raw.PAYMENTS_PROVIDER === "yookassa"
          ? { apiUrl: raw.YOOKASSA_API_URL, id: raw.YOOKASSA_SHOP_ID!, secret: raw.YOOKASSA_SECRET_KEY! }
          : undefined,
      notifyIps: raw.YOOKASSA_NOTIFY_IPS,
      payouts: raw.YOOKASSA_PAYOUT_AGENT_ID
        ? { apiUrl: raw.YOOKASSA_API_URL, id: raw.YOOKASSA_PAYOUT_AGENT_ID, secret: raw.YOOKASSA_PAYOUT_SECRET! }
        : undefined,
      topUpMaxKopecks: roublesToKopecks(raw.TOP_UP_MAX_RUB),
      topUpDailyMaxKopecks: roublesToKopecks(raw.TOP_UP_DAILY_MAX_RUB),
      payoutFeePercent: raw.PAYOUT_FEE_PERCENT,
      payoutMinKopecks: roublesToKopecks(raw.PAYOUT_MIN),
    },
    adminEmail: raw.ADMIN_EMAIL,
    adminPassword: raw.ADMIN_PASSWORD,
    seedDemo: raw.SEED_DEMO,
    webDistDir: raw.WEB_DIST_DIR ? path.resolve(raw.WEB_DIST_DIR) : defaultWebDist,
    secureCookies: raw.NODE_ENV !== "development",
    webhookAllowPrivateTargets: raw.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  };
}

/**
 * Who push services may write to about our pushes when VAPID_SUBJECT is unset: the first admin, else the site
 * (an https: PUBLIC_URL), else the sender of our mail.
 */
function defaultVapidSubject(raw: z.output<typeof envSchema>): string {
  if (raw.ADMIN_EMAIL) return `mailto:${raw.ADMIN_EMAIL}`;
  if (raw.PUBLIC_URL?.startsWith("https:")) return new URL(raw.PUBLIC_URL).origin;
  return `mailto:${/<([^<>\s]+)>/.exec(raw.MAIL_FROM)?.[1] ?? raw.MAIL_FROM}`;
}
