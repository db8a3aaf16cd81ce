import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { errorText, IMAGE_MAX_BYTES, type ErrorCode } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

const MB = 1024 * 1024;
const CLIENT = path.join(import.meta.dirname, "../../test/upload-client.ts");

let t: TestApp;
let origin: string;
let userCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const user = await signInAs(t.app, await createTestUser(t.database.db, { username: "refused_uploader" }));
  userCookie = `access_token=${user.cookie("access_token")}`;
});
afterAll(() => t.close());

/** Runs the uploading client in its own process (see upload-client.ts for why) and answers what it received. */
async function upload(job: object): Promise<({ status: number; body: string } | { error: string })[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLIENT, JSON.stringify(job)]);
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const specBody = (code: ErrorCode) =>
  JSON.stringify({ detail: { error_code: code, error_message: errorText(code, "en") } });

const refusals: { who: string; url: string; cookie?: () => string; bytes: number; status: number; code: ErrorCode }[] =
  [
    { who: "a guest", url: "/v1/products/", bytes: 3 * MB, status: 401, code: "TOKEN_NOT_FOUND" },
    { who: "a guest", url: "/v1/admin/category", bytes: 3 * MB, status: 401, code: "TOKEN_NOT_FOUND" },
    {
      who: "a non-admin",
      url: "/v1/admin/category",
      cookie: () => userCookie,
      bytes: 3 * MB,
      status: 403,
      code: "INSUFFICIENT_PERMISSIONS",
    },
    {
      who: "a seller with an image over the size limit",
      url: "/v1/products/",
      cookie: () => userCookie,
      bytes: IMAGE_MAX_BYTES + 3 * MB,
      status: 413,
      code: "IMAGE_TOO_LARGE",
    },
  ];

describe("an upload answered before its body is read", () => {
  it.each(refusals)("reaches $who at $url through Node's fetch, every time", async (refusal) => {
    const outcomes = await upload({
      mode: "fetch",
      url: `${origin}${refusal.url}`,
      cookie: refusal.cookie?.(),
      bytes: refusal.bytes,
      attempts: 4,
    });
    expect(outcomes).toEqual(Array(4).fill({ status: refusal.status, body: specBody(refusal.code) }));
  });

  it("reaches a slow uploader, whose connection then serves its next request", async () => {
    const [outcome] = await upload({
      mode: "slow",
      url: `${origin}/v1/products/`,
      chunkBytes: 256 * 1024,
      chunks: 8,
      pauseMs: 50,
    });
    expect(outcome).toMatchObject({ status: 401 });
    const received = (outcome as { body: string }).body;
    expect(received).toContain(specBody("TOKEN_NOT_FOUND"));
    expect(received.slice(received.indexOf(specBody("TOKEN_NOT_FOUND")))).toMatch(/HTTP\/1\.1 200 OK/);
  });
});
