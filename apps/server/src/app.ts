import { API_PREFIX } from "@lootlane/contract";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { accountRoutes } from "./modules/account/account.routes.js";
import { adminDashboardRoutes } from "./modules/admin/admin-dashboard.routes.js";
import { adminUsersRoutes } from "./modules/admin/admin-users.routes.js";
import { createAuthDeps } from "./modules/auth/auth.context.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { emailChangeRoutes } from "./modules/auth/auth-email-change.routes.js";
import { signInsRoutes } from "./modules/auth/auth-sign-ins.routes.js";
import { apiTokensRoutes } from "./modules/auth/auth-api-tokens.routes.js";
import { registerWebhookJobs } from "./modules/webhooks/webhooks.jobs.js";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes.js";
import type { WebhookDeps } from "./modules/webhooks/webhooks.service.js";
import { twoFactorRoutes } from "./modules/auth/auth-two-factor.routes.js";
import { categoriesRoutes } from "./modules/categories/categories.routes.js";
import { categoryUpdateRoutes } from "./modules/categories/categories-update.routes.js";
import { catalogueChanged } from "./modules/products/products.events.js";
import { registerChatSocket } from "./modules/chats/chats.socket.js";
import { chatsRoutes } from "./modules/chats/chats.routes.js";
import { adminChatOffPlatformRoutes } from "./modules/chats/chats-off-platform.routes.js";
import { chatAttachmentRoutes } from "./modules/chats/chats-attachments.routes.js";
import { adminDealsRoutes } from "./modules/deals/deals-admin.routes.js";
import { createDealAlerts } from "./modules/deals/deals.alerts.js";
import { registerDealJobs } from "./modules/deals/deals.sweeper.js";
import { registerDealReminders } from "./modules/deals/deals.reminders.js";
import { dealsRoutes } from "./modules/deals/deals.routes.js";
import { dealsByIds, latestDealOfChat } from "./modules/deals/deals.service.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { adminProductRoutes } from "./modules/products/products-admin.routes.js";
import { productControlRoutes } from "./modules/products/products-control.routes.js";
import { productGamesRoutes } from "./modules/products/products-games.routes.js";
import { registerEmailJobs } from "./modules/notifications/notifications-email.service.js";
import { unsubscribeRoutes } from "./modules/notifications/notifications-unsubscribe.routes.js";
import { unsubscribeKeyFor } from "./modules/notifications/notifications-unsubscribe.service.js";
import { pagesRoutes } from "./modules/pages/pages.routes.js";
import { SITEMAP_LIMITS, type SitemapLimits } from "./modules/pages/pages-sitemap.service.js";
import { registerNotificationJobs } from "./modules/notifications/notifications.jobs.js";
import { registerPushJobs } from "./modules/notifications/notifications-push.jobs.js";
import { notificationsPushRoutes } from "./modules/notifications/notifications-push.routes.js";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.js";
import { productEditingRoutes } from "./modules/products/products-editing.routes.js";
import { productStockRoutes } from "./modules/products/products-stock.routes.js";
import { productReadRoutes } from "./modules/products/products.routes.js";
import { adminReportsRoutes } from "./modules/reports/reports-admin.routes.js";
import { reportsRoutes } from "./modules/reports/reports.routes.js";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { createWalletAlerts } from "./modules/wallet/wallet-changes.alerts.js";
import { paymentRoutes } from "./modules/wallet/wallet-payments.routes.js";
import { createPaymentProvider } from "./modules/wallet/wallet-payments.setup.js";
import { registerTopUpJobs } from "./modules/wallet/wallet-top-ups.sweeper.js";
import { topUpRoutes } from "./modules/wallet/wallet-top-ups.routes.js";
import { adminWithdrawalsRoutes } from "./modules/wallet/wallet-withdrawals-admin.routes.js";
import { walletWithdrawalsRoutes } from "./modules/wallet/wallet-withdrawals.routes.js";
import { createSbpBankList, settlePayoutNotification } from "./modules/wallet/wallet-withdrawals.service.js";
import { registerPayoutJobs } from "./modules/wallet/wallet-withdrawals.sweeper.js";
import { walletRoutes } from "./modules/wallet/wallet.routes.js";
import { authCookiesFor } from "./platform/auth/auth-cookies.js";
import { registerAuth } from "./platform/auth/auth-guards.js";
import type { InFlightLimit } from "./platform/realtime/in-flight-limit.js";
import { createDataCipher } from "./platform/crypto/data-cipher.js";
import { answerFrameworkError, registerErrorHandlers } from "./platform/errors/error-handler.js";
import { capConnectionsPerAddress, connectionTimeouts } from "./platform/http/connection-limits.js";
import { registerMediaRoute } from "./platform/http/media-route.js";
import { registerOpenApi } from "./platform/http/openapi.js";
import { registerOriginCheck } from "./platform/http/origin-check.js";
import { registerRateLimit } from "./platform/http/rate-limit.js";
import { requestIdFor, registerRequestIdHeader } from "./platform/http/request-id.js";
import { registerRefusedBodyDraining } from "./platform/http/refused-bodies.js";
import { registerRequestParsing, validatorCompiler } from "./platform/http/request-parsing.js";
import { registerSecurityHeaders } from "./platform/http/security-headers.js";
import { warnOfTrustingEveryProxy } from "./platform/http/trust-proxy.js";
import { createJobRunner, startJobWorker } from "./platform/jobs/job-queue.js";
import type { Mailer } from "./platform/mail/mailer.js";
import type { MediaStore } from "./platform/media/media-store.js";
import { createPushSender } from "./platform/push/push-sender.js";
import type { RateLimitStore } from "./platform/rate-limit/rate-limit-store.js";
import { createRateLimiter, createRateLimitStore } from "./platform/rate-limit/rate-limiter.js";
import { attachRealtime } from "./platform/realtime/socket-server.js";
import { systemClock, type Clock } from "./platform/time/clock.js";

export type AppDeps = {
  config: Config;
  database: Database;
  media: MediaStore;
  /** pino options over the defaults (config.logLevel, the redaction below), e.g. a test's stream; false for none. */
  logger?: false | object;
  /** Defaults to SMTP (SMTP_URL) or the outbox; tests pass one pointed at their own SMTP server. */
  mailer?: Mailer;
  /** Defaults to the system clock; tests move time forward to expire codes, tokens and rate-limit windows. */
  clock?: Clock;
  /** Defaults to Redis (REDIS_URL) or memory; shared by every module's business limits. */
  rateLimitStore?: RateLimitStore;
  /** How long a call to ЮKassa may take; tests shorten it to see a hung provider quickly. */
  paymentsTimeoutMs?: number;
  /** How long one webhook try may take; tests shorten it to see a silent endpoint time out. */
  webhookTimeoutMs?: number;
  /** Defaults to resolv.conf's; tests resolve the names of webhook and push endpoints with a name server of their own. */
  dnsServers?: string[];
  /** Defaults to the sitemaps.org limits; tests lower them to see a small catalogue span several sitemap files. */
  sitemapLimits?: SitemapLimits;
  /** Chat messages stored at once (chats.socket.ts); tests hold its room to see a busy server refuse. */
  messagesInFlight?: InFlightLimit;
};

/**
 * Headers that carry credentials, wherever a logged object holds them: Fastify's serializers leave headers out,
 * but plugins log their own objects (@fastify/multipart logs the request's headers, cookie included, at trace).
 */
const REDACTED_LOG_PATHS = ["*.headers.cookie", "*.headers.authorization", '*.headers["set-cookie"]'];

/**
 * Fastify's request serializer, with the value of a `token` in the query left out: an e-mail's unsubscribe link
 * carries its key there, and a request log is no place for a key.
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]"),
    version: [request.headers["accept-version"]].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A webhook endpoint answers within this, or the try counts as failed (and is retried). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** JSON bodies are small; images come as multipart, which has its own limits (request-parsing.ts). */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole application: API under /v1, OpenAPI at /v1/docs, Socket.IO at /socket.io, media, the web
 * app. Never listens
 * (main.ts does), so tests drive it with app.inject. The caller owns the database and closes it after app.close().
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, media } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestForLog },
            ...deps.logger,
            redact: REDACTED_LOG_PATHS,
          },
    genReqId: requestIdFor,
    frameworkErrors: answerFrameworkError,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    ...connectionTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  warnOfTrustingEveryProxy(config, app.log);
  if (config.trustProxy === false && config.maxConnectionsPerIp > 0)
    capConnectionsPerAddress(app.server, config.maxConnectionsPerIp, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Order matters. Error and not-found handlers first: every context registered later inherits them.
  registerErrorHandlers(app);
  // Root onRequest hooks run for every request, 404s included, in this order.
  registerRequestIdHeader(app);
  await registerSecurityHeaders(app, config);
  registerOriginCheck(app, config);
  // Both collect routes through onRoute hooks, so they must exist before any route is added.
  await registerRateLimit(app);
  await registerOpenApi(app, {
    serverUrl: new URL(config.publicUrl ?? `http://localhost:${config.port}`).origin,
    accessCookie: authCookiesFor(config).access,
  });
  await registerRequestParsing(app);
  registerRefusedBodyDraining(app);
  const clock = deps.clock ?? systemClock;
  // One rate-limit store for every module (Redis when instances must share counters); closed with the app unless given.
  const rateLimitStore = deps.rateLimitStore ?? (await createRateLimitStore(config, clock, app.log));
  if (!deps.rateLimitStore) app.addHook("onClose", () => rateLimitStore.close());
  // The auth guards are decorations of the root instance, so every module registered below can use them.
  await registerAuth(
    app,
    { db: database.db, jwtSecret: config.jwtSecret, clock, redisUrl: config.redisUrl, log: app.log },
    authCookiesFor(config),
    createRateLimiter(rateLimitStore, clock),
  );
  // product_data and authenticator secrets are encrypted at rest (ARCHITECTURE.md §4); one cipher serves them all.
  const cipher = createDataCipher(config.dataKey);
  // Socket.IO shares the HTTP server (and so the port); it closes with the app.
  const realtime = await attachRealtime(app, { config, clock });
  const auth = await createAuthDeps(app, {
    config,
    db: database.db,
    clock,
    realtime,
    cipher,
    mailer: deps.mailer,
    rateLimitStore,
  });
  const chats = {
    db: database.db,
    clock,
    presence: realtime.presence,
    limiter: createRateLimiter(rateLimitStore, clock),
    latestDeal: (db: Db, chatId: string) => latestDealOfChat(db, chatId, cipher),
    dealsByIds: (db: Db, dealIds: readonly string[]) => dealsByIds(db, dealIds, cipher),
  };
  const chatNotifier = registerChatSocket({
    realtime,
    deps: chats,
    cipher,
    log: app.log,
    messagesInFlight: deps.messagesInFlight,
  });
  const deals = {
    db: database.db,
    clock,
    terms: { commissionPercent: config.commissionPercent, autoConfirmHours: config.autoConfirmHours },
    cipher,
  };
  // One durable queue for every module's background work (ARCHITECTURE.md "Background work"); modules register
  // their handlers below and every instance runs whatever is due.
  const jobs = createJobRunner({ db: database.db, clock, log: app.log, leaseMs: config.jobsLeaseMs });
  app.decorate("jobs", jobs);
  startJobWorker(app, jobs, { pollMs: config.jobsPollMs, log: app.log });
  registerNotificationJobs(jobs, {
    db: database.db,
    clock,
    realtime,
    chatEmailDelayMs: config.chatEmailDelayMs,
  });
  const unsubscribeKey = unsubscribeKeyFor(config.jwtSecret);
  registerEmailJobs(jobs, {
    db: database.db,
    mailer: auth.mailer,
    // Without PUBLIC_URL, the embedded default address the README names (http://localhost:PORT).
    appUrl: new URL(config.publicUrl ?? `http://localhost:${config.port}`).origin,
    unsubscribeKey,
    clock,
    chatEmailDelayMs: config.chatEmailDelayMs,
  });
  // The sweeps are recurring jobs: one row each, run every SWEEP_INTERVAL_MS by whichever instance claims it (and
  // each still claims its deals, top-ups and payouts with SKIP LOCKED, so an overrun lease never does one twice).
  await registerDealJobs(jobs, { db: database.db, clock, notifier: chatNotifier }, config.sweepIntervalMs);
  // Push endpoints are URLs users name: in production only public https ones are called (SSRF).
  const pushRules = { production: config.env === "production" };
  registerPushJobs(jobs, {
    db: database.db,
    clock,
    sender: createPushSender({ vapid: config.vapid, ...pushRules, dnsServers: deps.dnsServers }),
    log: app.log,
  });
  registerDealReminders(jobs, { db: database.db, clock });
  const webhooks: WebhookDeps = {
    db: database.db,
    clock,
    cipher,
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    timeoutMs: deps.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    dnsServers: deps.dnsServers,
    limiter: createRateLimiter(rateLimitStore, clock),
  };
  registerWebhookJobs(jobs, webhooks);
  const walletAlerts = createWalletAlerts(realtime);
  const topUps = {
    db: database.db,
    clock,
    provider: createPaymentProvider(
      config.payments,
      { db: database.db, clock, log: app.log, publicUrl: config.publicUrl },
      { timeoutMs: deps.paymentsTimeoutMs },
    ),
    limits: { maxKopecks: config.payments.topUpMaxKopecks, dailyMaxKopecks: config.payments.topUpDailyMaxKopecks },
    alerts: walletAlerts,
    log: app.log,
  };
  // Pending top-ups are asked about again, so a lost notification never loses a payment.
  if (topUps.provider) await registerTopUpJobs(jobs, topUps, config.sweepIntervalMs);
  const withdrawals = {
    db: database.db,
    clock,
    cipher,
    rules: { feePercent: config.payments.payoutFeePercent, minKopecks: config.payments.payoutMinKopecks },
    payouts: config.payments.payouts,
    sbpBanks: createSbpBankList(config.payments.payouts, clock),
    alerts: walletAlerts,
  };
  // Payouts still `processing` are asked about again, so a lost notification or answer never leaves money held.
  await registerPayoutJobs(jobs, withdrawals, config.sweepIntervalMs);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: database.db });
      await api.register(authRoutes, { deps: auth });
      await api.register(signInsRoutes, { deps: auth });
      await api.register(apiTokensRoutes, { deps: auth });
      await api.register(emailChangeRoutes, { deps: auth });
      await api.register(accountRoutes, { deps: { auth, media, log: app.log }, cipher });
      await api.register(twoFactorRoutes, { deps: auth });
      await api.register(usersRoutes, {
        db: database.db,
        media,
        uploadLimits: config.uploadLimits,
        presence: realtime.presence,
      });
      await api.register(reviewsRoutes, {
        db: database.db,
        rules: { minDealKopecks: config.ratingMinDealKopecks, clock },
      });
      await api.register(categoriesRoutes, { db: database.db, media });
      await api.register(categoryUpdateRoutes, { db: database.db, media, catalogueChanged });
      await api.register(productReadRoutes, {
        db: database.db,
        cipher,
        redisUrl: config.redisUrl,
        presence: realtime.presence,
      });
      await api.register(productGamesRoutes, { db: database.db, redisUrl: config.redisUrl });
      await api.register(productEditingRoutes, {
        db: database.db,
        media,
        cipher,
        limiter: createRateLimiter(rateLimitStore, clock),
        uploadLimits: config.uploadLimits,
      });
      await api.register(productStockRoutes, { db: database.db, cipher });
      await api.register(productControlRoutes, { db: database.db, cipher });
      await api.register(adminProductRoutes, { db: database.db, cipher, clock });
      await api.register(reportsRoutes, {
        deps: { db: database.db, limiter: createRateLimiter(rateLimitStore, clock) },
      });
      await api.register(adminReportsRoutes, { db: database.db, clock });
      await api.register(chatsRoutes, { deps: chats, cipher, notifier: chatNotifier, redisUrl: config.redisUrl });
      await api.register(adminChatOffPlatformRoutes, { db: database.db });
      await api.register(webhooksRoutes, { deps: webhooks });
      await api.register(chatAttachmentRoutes, {
        deps: chats,
        media,
        uploadLimits: config.uploadLimits,
        cipher,
        notifier: chatNotifier,
      });
      await api.register(dealsRoutes, { deps: deals, notifier: chatNotifier, alerts: createDealAlerts(realtime) });
      await api.register(adminDealsRoutes, { deps: deals, notifier: chatNotifier });
      await api.register(adminDashboardRoutes, { db: database.db, clock });
      await api.register(adminUsersRoutes, { deps: { db: database.db, clock, realtime } });
      await api.register(walletRoutes, {
        deps: { db: database.db, payments: config.payments },
        redisUrl: config.redisUrl,
      });
      await api.register(topUpRoutes, { deps: topUps, publicUrl: config.publicUrl });
      await api.register(paymentRoutes, {
        deps: topUps,
        notifyIps: config.payments.notifyIps,
        onPayoutNotification: (payoutId) => settlePayoutNotification(withdrawals, payoutId),
      });
      await api.register(walletWithdrawalsRoutes, { deps: withdrawals });
      await api.register(adminWithdrawalsRoutes, { deps: withdrawals });
      await api.register(unsubscribeRoutes, { db: database.db, key: unsubscribeKey });
      await api.register(notificationsPushRoutes, {
        db: database.db,
        rules: pushRules,
        publicKey: config.vapid.publicKey,
      });
      await api.register(notificationsRoutes, { db: database.db, clock, realtime, redisUrl: config.redisUrl });
    },
    { prefix: API_PREFIX },
  );
  registerMediaRoute(app, media);
  // Last: its catch-all GET route answers every page path the routes above do not own.
  await app.register(pagesRoutes, {
    db: database.db,
    presence: realtime.presence,
    redisUrl: config.redisUrl,
    publicUrl: config.publicUrl,
    webDistDir: config.webDistDir,
    sitemapLimits: deps.sitemapLimits ?? SITEMAP_LIMITS,
  });

  return app;
}
