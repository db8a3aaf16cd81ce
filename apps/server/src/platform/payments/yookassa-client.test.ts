import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FakeYookassa } from "../../test/fake-yookassa.js";
import {
  amountValueToKopecks,
  createYookassaClient,
  kopecksToAmountValue,
  YookassaError,
  type YookassaClient,
} from "./yookassa-client.js";

const paymentSchema = z.object({ id: z.string(), status: z.string(), amount: z.object({ value: z.string() }) });
const createBody = (value = "500.00") => ({
  amount: { value, currency: "RUB" },
  capture: true,
  confirmation: { type: "redirect", return_url: "https://shop.example/wallet" },
  metadata: { top_up_id: "t1" },
});

describe("the ЮKassa client against a server that follows the published API", () => {
  let fake: FakeYookassa;
  let client: YookassaClient;

  beforeAll(async () => {
    fake = await FakeYookassa.start();
    client = createYookassaClient(fake.shop);
  });
  afterAll(() => fake.close());

  it("creates a payment once per Idempotence-Key and reads it back", async () => {
    const first = await client.post("/payments", createBody(), "key-1", paymentSchema);
    const again = await client.post("/payments", createBody(), "key-1", paymentSchema);
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ status: "pending", amount: { value: "500.00" } });
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/payments", idempotenceKey: "key-1" });

    fake.succeedPayment(first.id);
    expect(await client.get(`/payments/${first.id}`, paymentSchema)).toMatchObject({ status: "succeeded" });
  });

  it("turns ЮKassa's error answers into refusals with its code, description and parameter", async () => {
    await client.post("/payments", createBody(), "key-2", paymentSchema);
    const reused = await client.post("/payments", createBody("600.00"), "key-2", paymentSchema).catch((e) => e);
    expect(reused).toBeInstanceOf(YookassaError);
    expect(reused).toMatchObject({
      kind: "refused",
      details: { status: 400, code: "invalid_request", parameter: "Idempotence-Key" },
    });

    const missing = await client.get("/payments/no-such-payment", paymentSchema).catch((e) => e);
    expect(missing).toMatchObject({ kind: "refused", notFound: true, details: { status: 404, code: "not_found" } });

    const wrongSecret = createYookassaClient({ ...fake.shop, secret: "test_wrong" });
    const denied = await wrongSecret.get("/payments/x", paymentSchema).catch((e) => e);
    expect(denied).toMatchObject({ kind: "refused", details: { status: 401, code: "invalid_credentials" } });
  });

  it("reports a 500, a hang, a closed port and an undocumented answer as the provider being unavailable", async () => {
    try {
      fake.mode = "down";
      const down = await client.get("/payments/x", paymentSchema).catch((e) => e);
      expect(down).toMatchObject({ kind: "unavailable", details: { status: 500, code: "internal_server_error" } });

      fake.mode = "hang";
      // A client that gives up sooner than the 10 s every other call may take: a hung ЮKassa never answers it.
      const impatient = createYookassaClient(fake.shop, { timeoutMs: 300 });
      const hung = await impatient.get("/payments/x", paymentSchema).catch((e) => e);
      expect(hung).toMatchObject({ kind: "unavailable", message: expect.stringContaining("no answer in time") });
    } finally {
      fake.mode = "up";
    }
    const created = await client.post("/payments", createBody(), "key-3", paymentSchema);
    const odd = await client.get(`/payments/${created.id}`, z.object({ nothing_like: z.string() })).catch((e) => e);
    expect(odd).toMatchObject({ kind: "unavailable" });

    const nowhere = createYookassaClient({ ...fake.shop, apiUrl: "http://127.0.0.1:9/v3" });
    expect(await nowhere.get("/payments/x", paymentSchema).catch((e) => e)).toMatchObject({ kind: "unavailable" });
  });

  it("writes kopecks as ЮKassa's amount strings and reads them back", () => {
    expect(kopecksToAmountValue(50_000)).toBe("500.00");
    expect(kopecksToAmountValue(1_005)).toBe("10.05");
    expect(amountValueToKopecks("500.00")).toBe(50_000);
    expect(amountValueToKopecks("10.5")).toBe(1_050);
    expect(amountValueToKopecks("-1.00")).toBeUndefined();
    expect(amountValueToKopecks("1e3")).toBeUndefined();
  });
});
