import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestApp, newAccount, type AuthTestApp } from "../../test/test-auth.js";
import { TestClient } from "../../test/test-client.js";

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

function expectTooMany(response: LightMyRequestResponse, retryAfter: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json().detail.error_code).toBe("TOO_MANY_REQUESTS");
  expect(response.headers["retry-after"]).toBe(String(retryAfter));
}

describe("code rate limits", () => {
  it("issue at most 5 codes per hour for one address, sign-up and reset together", async () => {
    t.clock.set(new Date("2030-06-01T10:00:00.000Z"));
    const account = newAccount();
    const sends: LightMyRequestResponse[] = [];
    for (let send = 1; send <= 5; send++) {
      // A fresh machine each time: only the address is the same.
      const client = new TestClient(t.app);
      sends.push(
        send % 2
          ? await client.post("/v1/auth/send-verification-code", { email: account.email, username: account.username })
          : await client.post("/v1/auth/password-reset-code", { email: account.email }),
      );
      t.clock.advance(61_000);
    }
    expect(statuses(sends)).toEqual([200, 200, 200, 200, 200]);
    expect(t.mail.mailsTo(account.email)).toHaveLength(3);

    const sixth = await new TestClient(t.app).post("/v1/auth/send-verification-code", {
      email: account.email,
      username: account.username,
    });
    expectTooMany(sixth, 3600 - 5 * 61);
    t.clock.set(new Date("2030-06-01T11:00:00.000Z"));
    expect(
      (
        await new TestClient(t.app).post("/v1/auth/send-verification-code", {
          email: account.email,
          username: account.username,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("take at most 20 code requests per hour from one IP", async () => {
    t.clock.set(new Date("2030-06-02T10:00:00.000Z"));
    const client = new TestClient(t.app);
    const sends: LightMyRequestResponse[] = [];
    for (let send = 1; send <= 20; send++)
      sends.push(await client.post("/v1/auth/password-reset-code", { email: newAccount().email }));
    expect(statuses(sends)).toEqual(Array(20).fill(200));
    expectTooMany(await client.post("/v1/auth/password-reset-code", { email: newAccount().email }), 3600);
    expect(
      (await new TestClient(t.app).post("/v1/auth/password-reset-code", { email: newAccount().email })).statusCode,
    ).toBe(200);
  });

  it("take at most 30 code checks per 10 minutes from one IP", async () => {
    t.clock.set(new Date("2030-06-03T10:00:00.000Z"));
    const client = new TestClient(t.app);
    const checks: LightMyRequestResponse[] = [];
    for (let check = 1; check <= 30; check++) {
      checks.push(
        await client.post("/v1/auth/confirm-password-reset-code", { email: newAccount().email, code: "123456" }),
      );
    }
    expect(statuses(checks)).toEqual(Array(30).fill(400));
    expectTooMany(
      await client.post("/v1/auth/confirm-password-reset-code", { email: newAccount().email, code: "123456" }),
      600,
    );
    t.clock.advance(600_000);
    expect(
      (await client.post("/v1/auth/confirm-password-reset-code", { email: newAccount().email, code: "123456" }))
        .statusCode,
    ).toBe(400);
  });
});
