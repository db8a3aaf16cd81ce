import { errorText } from "@lootlane/contract";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("GET /v1/health", () => {
  it("reports ok when the database answers", async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: "GET", url: "/v1/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 DATABASE_ERROR when the database is gone", async () => {
    t = await createTestApp();
    await t.database.close();
    const response = await t.app.inject({ method: "GET", url: "/v1/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: { error_code: "DATABASE_ERROR", error_message: errorText("DATABASE_ERROR", "en") },
    });
  });
});
