import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, embeddedRowCounts, postgresRowCounts } from "./support/row-counts.js";
import { startServer } from "./support/server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function expectServing(baseUrl: string): Promise<void> {
  const health = await fetch(`${baseUrl}/v1/health`);
  expect(await health.json()).toEqual({ status: "ok", database: "ok" });
  const home = await fetch(`${baseUrl}/`, { headers: { accept: "text/html" } });
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<div id="root">');
  const docs = await fetch(`${baseUrl}/v1/docs/json`);
  expect(((await docs.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty("/v1/health");
}

describe("booting the built server", () => {
  it("seeds an empty embedded database once, and a restart keeps every row and seeds nothing", async () => {
    const first = await startServer({ env: { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" } });
    await expectServing(first.baseUrl);
    expect(first.logs()).toContain("Admin account created");
    expect(first.logs()).toMatch(/password: \S{12,}/);
    await first.stop({ keepData: true });
    const before = await embeddedRowCounts(first.dataDir);
    expect(before.users).toBeGreaterThanOrEqual(2);
    expect(before.products).toBeGreaterThanOrEqual(30);
    expect(before.categories).toBeGreaterThanOrEqual(6 + 6 * 2);

    const second = await startServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" } });
    await expectServing(second.baseUrl);
    expect(second.logs()).not.toContain("Admin account created");
    await second.stop({ keepData: true });
    expect(await embeddedRowCounts(first.dataDir)).toEqual(before);
    await second.stop();
  });

  it("says where it is running at a log level that logs no info (the bench runs at warn)", async () => {
    const server = await startServer({ env: { LOG_LEVEL: "warn" } });
    try {
      await expectServing(server.baseUrl);
      expect(server.logs()).toContain(`Lootlane is running at http://localhost:${new URL(server.baseUrl).port}`);
      // pino's info level is 30: the quiet server logged none, the line above included.
      expect(server.logs()).not.toContain('"level":30');
    } finally {
      await server.stop();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("does the same on PostgreSQL through DATABASE_URL", async () => {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const first = await startServer({ env: { DATABASE_URL: database.url } });
      await expectServing(first.baseUrl);
      await first.stop();
      const before = await postgresRowCounts(database.url);
      expect(before.products).toBeGreaterThanOrEqual(30);

      const second = await startServer({ env: { DATABASE_URL: database.url } });
      await expectServing(second.baseUrl);
      await second.stop();
      expect(await postgresRowCounts(database.url)).toEqual(before);
    } finally {
      await database.drop();
    }
  });

  it("refuses to boot on bad configuration, naming every bad variable", () => {
    const result = spawnSync(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
      env: { PATH: process.env.PATH, PORT: "not-a-port", DATABASE_URL: "mysql://db/x", COMMISSION_PERCENT: "150" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const output = result.stdout + result.stderr;
    for (const name of ["PORT", "DATABASE_URL", "COMMISSION_PERCENT"]) expect(output).toContain(name);
  });
});
