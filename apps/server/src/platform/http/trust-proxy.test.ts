import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestClock } from "../../test/test-clock.js";

const PROXY = "10.0.0.7";
let t: TestApp | undefined;
afterEach(() => t?.close());

/** Sign-in attempts through the proxy at PROXY on behalf of `client`; the per-IP limit is 30 a minute. */
async function signInStatuses(app: TestApp, client: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await app.app.inject({
      method: "POST",
      url: "/v1/auth/login",
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": client },
      payload: { email: "nobody@example.com", password: "Guess!123" },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

async function appTrusting(trustProxy: Config["trustProxy"]): Promise<TestApp> {
  // A stopped clock: the limit's minute must not roll over between the attempts.
  t = await createTestApp({ trustProxy }, { clock: createTestClock().now });
  return t;
}

describe("TRUST_PROXY", () => {
  it("counts per-IP limits per client behind a trusted proxy", async () => {
    const app = await appTrusting([PROXY]);
    expect(await signInStatuses(app, "203.0.113.1", 31)).toEqual([...Array(30).fill(401), 429]);
    expect(await signInStatuses(app, "203.0.113.2", 1)).toEqual([401]);
  });

  it("ignores X-Forwarded-For from a peer it does not trust, so a client cannot pick its own address", async () => {
    const app = await appTrusting(false);
    expect(await signInStatuses(app, "203.0.113.1", 30)).toEqual(Array(30).fill(401));
    expect(await signInStatuses(app, "203.0.113.2", 1)).toEqual([429]);
  });
});

describe("TRUST_PROXY=true", () => {
  /** Whether the app warns, at warn level, that clients can pick their address while it is built with these settings. */
  async function warnsAtBoot(overrides: Partial<Config>): Promise<boolean> {
    const messages: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        messages.push((JSON.parse(String(chunk)) as { msg: string }).msg);
        done();
      },
    });
    t = await createTestApp(overrides, { logger: { level: "warn", stream } });
    return messages.some((message) =>
      message.startsWith(
        "TRUST_PROXY=true on a public address: any client can name its own address in X-Forwarded-For",
      ),
    );
  }

  it("is warned about at boot when the server listens on every interface or a public address", async () => {
    expect(await warnsAtBoot({ trustProxy: true, host: "0.0.0.0" })).toBe(true);
    await t!.close();
    expect(await warnsAtBoot({ trustProxy: true, host: "::" })).toBe(true);
    await t!.close();
    expect(await warnsAtBoot({ trustProxy: true, host: "203.0.113.9" })).toBe(true);
  });

  it("is not warned about on a loopback or private address, nor are the proxies' own addresses", async () => {
    expect(await warnsAtBoot({ trustProxy: true, host: "127.0.0.1" })).toBe(false);
    await t!.close();
    expect(await warnsAtBoot({ trustProxy: true, host: "10.0.1.11" })).toBe(false);
    await t!.close();
    expect(await warnsAtBoot({ trustProxy: ["10.0.0.5"], host: "0.0.0.0" })).toBe(false);
  });
});
