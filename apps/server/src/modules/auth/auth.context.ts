import type { Locale } from "@lootlane/contract";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { deviceIdOf } from "../../platform/auth/device-cookie.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import type { SessionClient, TokenSettings } from "../../platform/auth/sessions.js";
import { requestLocale } from "../../platform/http/request-locale.js";
import { createMailer, type Mailer } from "../../platform/mail/mailer.js";
import type { RateLimitStore } from "../../platform/rate-limit/rate-limit-store.js";
import { createRateLimiter, createRateLimitStore, type RateLimiter } from "../../platform/rate-limit/rate-limiter.js";
import type { Realtime } from "../../platform/realtime/socket-server.js";
import type { Clock } from "../../platform/time/clock.js";
import { createOwnUserCache, type OwnUserCache } from "../users/users.service.js";

/** What the auth services work with; built once by buildApp. */
export type AuthDeps = {
  db: Db;
  clock: Clock;
  jwtSecret: string;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Sockets of ended sign-ins close with them, not when their access token runs out. */
  realtime: Pick<Realtime, "endSignIns">;
  /** Keeps the authenticator secrets of two-factor sign-in encrypted at rest, like product data. */
  cipher: DataCipher;
  /** What "who am I" answers, kept in memory until the user's row changes. */
  ownUsers: OwnUserCache;
};

/** Facts about the request the rules need: who to rate-limit, what to note on a session, the mail language. */
export type RequestContext = SessionClient & { locale: Locale };

/** Read in the route, so services never touch the HTTP request. */
export function requestContext(request: FastifyRequest): RequestContext {
  return {
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    deviceId: deviceIdOf(request),
    locale: requestLocale(request),
  };
}

/** Signing settings for sessions started at `now` (the transaction's time, not a later clock reading). */
export function tokenSettings(deps: AuthDeps, now: Date): TokenSettings {
  return { jwtSecret: deps.jwtSecret, now };
}

export type AuthSetup = {
  config: Config;
  db: Db;
  clock: Clock;
  realtime: Pick<Realtime, "endSignIns">;
  cipher: DataCipher;
  /** Given by tests (a real SMTP server); otherwise made from config and closed with the app. */
  mailer?: Mailer;
  /** Given by tests; otherwise Redis or memory per config, closed with the app. */
  rateLimitStore?: RateLimitStore;
};

/** The auth services' dependencies for one app; what it creates itself is closed when the app closes. */
export async function createAuthDeps(app: FastifyInstance, setup: AuthSetup): Promise<AuthDeps> {
  const mailer = setup.mailer ?? createMailer(setup.config, app.log);
  const store = setup.rateLimitStore ?? (await createRateLimitStore(setup.config, setup.clock, app.log));
  const ownUsers = await createOwnUserCache(setup.db, { redisUrl: setup.config.redisUrl, log: app.log });
  app.addHook("onClose", async () => {
    if (!setup.mailer) mailer.close();
    if (!setup.rateLimitStore) await store.close();
    await ownUsers.close();
  });
  return {
    db: setup.db,
    clock: setup.clock,
    jwtSecret: setup.config.jwtSecret,
    mailer,
    limiter: createRateLimiter(store, setup.clock),
    log: app.log,
    realtime: setup.realtime,
    cipher: setup.cipher,
    ownUsers,
  };
}
