import type { FastifyBaseLogger } from "fastify";
import type { PaymentsConfig } from "../../config.js";
import type { Db } from "../../db/client.js";
import { createYookassaClient, type YookassaClientOptions } from "../../platform/payments/yookassa-client.js";
import type { Clock } from "../../platform/time/clock.js";
import { createYookassaPaymentProvider, type PaymentProvider } from "./wallet-payments.provider.js";
import { createTestPaymentProvider } from "./wallet-test-payments.service.js";

/**
 * The provider PAYMENTS_PROVIDER names, made once at start-up; undefined when top-ups are off. The test checkout on
 * a public https address is almost certainly a mistake (anyone could "pay" with its button), so it is logged loudly.
 */
export function createPaymentProvider(
  config: PaymentsConfig,
  deps: { db: Db; clock: Clock; log: Pick<FastifyBaseLogger, "warn">; publicUrl: string | undefined },
  options: YookassaClientOptions = {},
): PaymentProvider | undefined {
  if (config.provider === "none") return undefined;
  if (config.provider === "test") {
    if (deps.publicUrl?.startsWith("https:"))
      deps.log.warn(
        "PAYMENTS_PROVIDER=test on a public https address: anyone can top their balance up for free with the test " +
          "checkout's Pay button. Set PAYMENTS_PROVIDER=yookassa (or none) for real money.",
      );
    return createTestPaymentProvider(deps);
  }
  return createYookassaPaymentProvider(createYookassaClient(config.yookassa!, options));
}
