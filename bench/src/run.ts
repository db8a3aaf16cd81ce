import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../e2e/support/server.js";
import { startHelloCeiling } from "./ceilings.js";
import { type HttpResult, runHttp } from "./http-scenario.js";
import { catalogueScenarios } from "./catalogue-scenarios.js";

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../results");

function table(results: HttpResult[], ceiling: HttpResult): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${(r.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`,
  );
  return ["| scenario | req/s | × C_hello | p50 ms | p99 ms | errors |", "|---|---|---|---|---|---|", ...rows].join("\n");
}

/**
 * Starts the real built server (PGlite, or PostgreSQL when DATABASE_URL is set) and a bare Fastify ceiling,
 * loads both the same way and reports every scenario as a ratio against the ceiling measured in this run.
 * Catalogue rows run against whatever catalogue the database holds: the demo catalogue on PGlite, the
 * generated one (`npm run seed:bench`) on DATABASE_URL.
 */
async function main(): Promise<void> {
  const ceilingServer = await startHelloCeiling();
  const databaseUrl = process.env.DATABASE_URL;
  const server = await startServer({ env: { LOG_LEVEL: "warn", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
  try {
    const ceiling = await runHttp("C_hello (bare Fastify, 30 items)", ceilingServer.url);
    const results = [
      ceiling,
      await runHttp("GET /v1/health (database round trip)", `${server.baseUrl}/v1/health`),
      await runHttp("GET / (web app shell)", `${server.baseUrl}/`, { headers: { accept: "text/html" } }),
    ];
    const catalogue = await catalogueScenarios(server.baseUrl);
    for (const scenario of catalogue.scenarios) results.push(await runHttp(scenario.name, scenario.url));
    const database = databaseUrl ? "PostgreSQL" : "PGlite (demo catalogue)";
    const report = `# Lootlane bench — ${new Date().toISOString()}\n\nDatabase: ${database}, ${catalogue.description}; autocannon -c 100, 8 s each, on this machine (${process.arch}, ${cpus().length} CPUs, Node ${process.version}).\n\n${table(results, ceiling)}\n`;
    console.log(report);
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, `${new Date().toISOString().slice(0, 10)}${databaseUrl ? "-postgres" : "-pglite"}.md`), report);
  } finally {
    await server.stop();
    await ceilingServer.close();
  }
}

await main();
