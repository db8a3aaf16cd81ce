import { BlockList, isIP } from "node:net";
import { testPaymentSchema, topUpIdPathSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { decideTestPayment, getTestPayment } from "./wallet-test-payments.service.js";
import { settleTopUpPayment, type TopUpDeps } from "./wallet-top-ups.service.js";

export type PaymentRoutesOptions = {
  deps: TopUpDeps;
  /** Who may send ЮKassa notifications (addresses and CIDR ranges); undefined: anyone. */
  notifyIps: string[] | undefined;
  /** A payout's notification, for the withdrawals' part of the wallet (payout.succeeded / payout.canceled). */
  onPayoutNotification?: (payoutId: string) => Promise<void>;
};

const tags = ["payments"];

/**
 * ЮKassa's notification (https://yookassa.ru/developers/using-api/webhooks): only the event and the object's id
 * are read, and only to know what to ask the API about; nothing else in the body is believed.
 */
const notificationSchema = z.object({
  type: z.literal("notification"),
  event: z.string().min(1).max(100),
  object: z.looseObject({ id: z.string().min(1).max(100) }),
});

/**
 * The provider's side of payments: ЮKassa's notifications, and the built-in test checkout's API standing in for a
 * provider's payment page. None of it uses a session: ЮKassa signs nothing and has no cookie, so a notification
 * is only a hint to read the payment back from the API; the test checkout's unguessable payment id is the
 * payer's only key, as a provider's payment page URL is.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { deps, notifyIps, onPayoutNotification },
) => {
  const allowed = notifyIps && blockListOf(notifyIps);

  app.post(
    "/payments/yookassa/notifications",
    {
      schema: {
        tags,
        summary:
          "ЮKassa's notifications: payment.succeeded / payment.canceled make the server read the payment from ЮKassa's API and settle its top-up (credited once however often it comes); payout.* go to withdrawals; other events are acknowledged. Refused (PAYMENT_NOTIFICATION_REFUSED) from an address outside YOOKASSA_NOTIFY_IPS",
        body: notificationSchema,
        response: { 200: z.object({}), ...errorResponses(403, 422, 502) },
      },
      // The allow-list is checked before the body is read.
      onRequest: async (request) => {
        if (allowed && !allows(allowed, request.ip)) {
          deps.log.warn({ ip: request.ip }, "a payment notification from an address not allowed to send them");
          throw new AppError("PAYMENT_NOTIFICATION_REFUSED");
        }
      },
    },
    async (request) => {
      const { event, object } = request.body;
      if (event.startsWith("payment.") && deps.provider?.name === "yookassa") {
        // A provider we cannot ask answers 502, so ЮKassa delivers the notification again later.
        try {
          await settleTopUpPayment(deps, object.id);
        } catch (error) {
          deps.log.warn({ err: error, paymentId: object.id }, "a payment notification could not be checked");
          throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE", {}, { cause: error });
        }
      } else if (event.startsWith("payout.") && onPayoutNotification) {
        await onPayoutNotification(object.id);
      }
      return {};
    },
  );

  app.get(
    "/payments/test/:id",
    {
      schema: {
        tags,
        summary: "A payment of the built-in test checkout (PAYMENTS_PROVIDER=test), for its page at /pay/test/{id}",
        params: topUpIdPathSchema,
        response: { 200: testPaymentSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => getTestPayment(testProvider(deps), request.params.id),
  );

  for (const [action, decision] of [
    ["pay", "succeeded"],
    ["decline", "canceled"],
  ] as const) {
    app.post(
      `/payments/test/:id/${action}`,
      {
        schema: {
          tags,
          summary: `The test checkout's ${action === "pay" ? "Pay" : "Decline"} button: the payment becomes ${decision}, then its top-up is settled the way a ЮKassa notification settles one`,
          params: topUpIdPathSchema,
          response: { 200: testPaymentSchema, ...errorResponses(404, 409, 422) },
        },
      },
      async (request) => {
        const test = testProvider(deps);
        await decideTestPayment(test, request.params.id, decision);
        await settleTopUpPayment(deps, request.params.id);
        return getTestPayment(test, request.params.id);
      },
    );
  }
};

/** The test checkout exists only while it is the provider; otherwise its payments are simply not found. */
function testProvider(deps: TopUpDeps): TopUpDeps {
  if (deps.provider?.name !== "test") throw new AppError("TOP_UP_NOT_FOUND");
  return deps;
}

function blockListOf(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = "", bits] = range.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function allows(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const type = isIP(address) === 6 ? "ipv6" : "ipv4";
  return isIP(address) !== 0 && list.check(address, type);
}
