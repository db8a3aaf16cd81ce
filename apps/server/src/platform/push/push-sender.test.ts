import type { LookupAddress } from "node:dns";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import type { VapidConfig } from "../../config.js";
import { useNameServer } from "../../test/test-name-server.js";
import { startTestPushService, type TestPushService } from "../../test/test-push-service.js";
import { isPublicAddress } from "../security/public-address.js";
import { publicAddressLookup, pushEndpointProblem } from "./push-endpoint.js";
import {
  createPushSender,
  PUSH_TIMEOUT_MS,
  PushServiceError,
  type PushOptions,
  type PushTarget,
} from "./push-sender.js";

let push: TestPushService;
const keys = webPush.generateVAPIDKeys();
const vapid: VapidConfig = {
  publicKey: keys.publicKey,
  privateKey: keys.privateKey,
  subject: "mailto:ops@example.com",
};
const options: PushOptions = { ttlSeconds: 60, urgency: "normal" };
/**
 * Senders and lookups that should be answered wait as long as in production; only the ones made to see a
 * hung push service or a silent name server give up sooner, and nothing ever answers those.
 */
const SHORT_TIMEOUT_MS = 300;
const sender = createPushSender({ vapid, production: false });
const names = useNameServer();

beforeAll(async () => {
  push = await startTestPushService();
});
afterEach(() => {
  push.refusals.length = 0;
});
afterAll(() => push.close());

function browser(serverKey = vapid.publicKey): PushTarget {
  const { endpoint, keys } = push.subscribe(serverKey);
  return { endpoint, ...keys };
}

async function failureOf(promise: Promise<unknown>): Promise<PushServiceError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(PushServiceError);
  return error as PushServiceError;
}

describe("the push sender", () => {
  it("sends a message only the browser can read, and tells a gone subscription from a push service that is down", async () => {
    const target = browser();
    expect(await sender.send(target, '{"hello":"мир"}', { ...options, topic: "chat1", urgency: "high" })).toBe("sent");
    expect(push.received(target.endpoint)).toEqual([
      { message: { hello: "мир" }, ttl: 60, urgency: "high", topic: "chat1" },
    ]);
    for (const status of [404, 410] as const) {
      const gone = browser();
      push.answer(gone.endpoint, status);
      expect(await sender.send(gone, "{}", options)).toBe("gone");
    }
    for (const status of [429, 500] as const) {
      const down = browser();
      push.answer(down.endpoint, status);
      expect(await failureOf(sender.send(down, "{}", options))).toMatchObject({ status, retryable: true });
    }
    expect(push.refusals).toEqual([]);
  });

  it("gives up on a push service that does not answer within its timeout, to be retried later", async () => {
    const hung = browser();
    push.answer(hung.endpoint, "hang");
    const started = Date.now();
    const quick = createPushSender({ vapid, production: false, timeoutMs: SHORT_TIMEOUT_MS });
    expect(await failureOf(quick.send(hung, "{}", options))).toMatchObject({ status: undefined, retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("is refused by the push service when signed with another key or encrypted for another browser", async () => {
    const stranger = createPushSender({ vapid: { ...vapid, ...webPush.generateVAPIDKeys() }, production: false });
    expect(await failureOf(stranger.send(browser(), "{}", options))).toMatchObject({ status: 403, retryable: false });
    const [one, two] = [browser(), browser()];
    const crossed = { ...one, p256dh: two.p256dh, auth: two.auth };
    expect(await failureOf(sender.send(crossed, "{}", options))).toMatchObject({ status: 400, retryable: false });
    expect(push.refusals).toEqual([
      expect.stringContaining("k is not the key the browser subscribed with"),
      expect.stringContaining("cannot decrypt"),
    ]);
  });

  it("is refused a JWT for another audience, or one whose signature is not the key's", async () => {
    const target = browser();
    const subscription = { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } };
    const elsewhere = webPush.generateRequestDetails({ ...subscription, endpoint: "http://127.0.0.1:1/push/x" }, "{}", {
      vapidDetails: vapid,
    });
    const forged = webPush.generateRequestDetails(subscription, "{}", {
      vapidDetails: { ...vapid, ...webPush.generateVAPIDKeys() },
    });
    forged.headers.Authorization = forged.headers.Authorization!.replace(/k=[\w-]+$/, `k=${vapid.publicKey}`);
    for (const details of [elsewhere, forged]) {
      const response = await fetch(target.endpoint, { method: "POST", headers: details.headers, body: details.body });
      expect(response.status).toBe(403);
    }
    expect(push.refusals).toEqual([
      expect.stringContaining("the JWT does not verify"),
      expect.stringContaining("the JWT does not verify"),
    ]);
    expect(push.received(target.endpoint)).toEqual([]);
  });

  it("in production, calls no endpoint on this machine or its network, however it is named", async () => {
    const production = createPushSender({ vapid, production: true });
    const target = browser();
    const port = new URL(push.origin).port;
    for (const endpoint of [target.endpoint, `https://localhost:${port}/push/x`, `https://[::ffff:127.0.0.1]:${port}/`])
      expect(await production.send({ ...target, endpoint }, "{}", options), endpoint).toBe("refused");
    expect(push.attempts(target.endpoint)).toBe(0);

    const lookedUp = (hostname: string) =>
      new Promise<unknown>((resolve) =>
        publicAddressLookup({ timeoutMs: PUSH_TIMEOUT_MS })(hostname, { all: true }, (error, addresses) =>
          resolve(error ?? addresses),
        ),
      );
    expect(await lookedUp("localhost")).toMatchObject({ code: "ENONPUBLIC" });
    expect(await lookedUp("10.1.2.3")).toMatchObject({ code: "ENONPUBLIC" });
    expect(await lookedUp("93.184.215.14")).toEqual([{ address: "93.184.215.14", family: 4 } satisfies LookupAddress]);
  });

  it("in production, resolves an endpoint's name again at every send, within the send's time", async () => {
    const production = createPushSender({ vapid, production: true, dnsServers: [names.address()] });
    const target = browser();
    const endpoint = `https://push.example.test:${new URL(push.origin).port}/push/x`;
    names.set("push.example.test", { addresses: ["127.0.0.1"] });
    expect(await production.send({ ...target, endpoint }, "{}", options)).toBe("refused");
    names.set("push.example.test", { addresses: ["93.184.215.14", "10.0.0.7"] });
    expect(await production.send({ ...target, endpoint }, "{}", options)).toBe("refused");

    names.set("push.example.test", "silent");
    const started = Date.now();
    const quick = createPushSender({
      vapid,
      production: true,
      timeoutMs: SHORT_TIMEOUT_MS,
      dnsServers: [names.address()],
    });
    expect(await failureOf(quick.send({ ...target, endpoint }, "{}", options))).toMatchObject({
      status: undefined,
      retryable: true,
    });
    expect(Date.now() - started).toBeLessThan(5_000);

    const lookup = publicAddressLookup({ timeoutMs: PUSH_TIMEOUT_MS, servers: [names.address()] });
    const lookedUp = (hostname: string, family: 0 | 4 | 6) =>
      new Promise<unknown>((resolve) =>
        lookup(hostname, { all: true, family }, (error, addresses) => resolve(error ?? addresses)),
      );
    names.set("push.example.test", { addresses: ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"] });
    expect(await lookedUp("push.example.test", 0)).toEqual([
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ]);
    expect(await lookedUp("push.example.test", 6)).toEqual([
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ]);
    expect(await lookedUp("unknown.example.test", 0)).toMatchObject({ code: "ENOTFOUND" });
    expect(push.attempts(target.endpoint)).toBe(0);
  });
});

describe("push endpoints", () => {
  it("are public https addresses in production; outside it, plain http may reach this machine", () => {
    const cases: Array<[string, { production: boolean; development: boolean }]> = [
      ["https://fcm.googleapis.com/fcm/send/abc", { production: true, development: true }],
      ["https://updates.push.services.mozilla.com/wpush/v2/abc", { production: true, development: true }],
      ["http://fcm.googleapis.com/fcm/send/abc", { production: false, development: false }],
      ["http://127.0.0.1:8080/push/1", { production: false, development: true }],
      ["http://[::1]:8080/push/1", { production: false, development: true }],
      ["http://localhost:8080/push/1", { production: false, development: true }],
      ["https://localhost/push/1", { production: false, development: true }],
      ["https://127.0.0.1/push/1", { production: false, development: true }],
      ["https://10.0.0.7/push/1", { production: false, development: true }],
      ["https://192.168.1.1/push/1", { production: false, development: true }],
      ["https://169.254.169.254/latest/meta-data", { production: false, development: true }],
      ["https://[fd00::1]/push/1", { production: false, development: true }],
      ["https://[::ffff:10.0.0.1]/push/1", { production: false, development: true }],
      ["https://2130706433/push/1", { production: false, development: true }],
      ["https://user:pw@fcm.googleapis.com/x", { production: false, development: false }],
      ["file:///etc/passwd", { production: false, development: false }],
      ["not a url", { production: false, development: false }],
    ];
    for (const [endpoint, allowed] of cases)
      expect(
        {
          production: pushEndpointProblem(endpoint, true) === undefined,
          development: pushEndpointProblem(endpoint, false) === undefined,
        },
        endpoint,
      ).toEqual(allowed);
    expect(["8.8.8.8", "2a00:1450:4001::200e"].map(isPublicAddress)).toEqual([true, true]);
  });
});
