import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { startTestMailServer } from "../../apps/server/src/test/test-mail.js";
import { startServer } from "../../e2e/support/server.js";
import { startHelloCeiling, startSocketCeiling } from "./ceilings.js";
import { type HttpResult, runHttp } from "./http-scenario.js";
import { catalogueScenarios } from "./catalogue-scenarios.js";
import { chatMembers } from "./chat-members.js";
import { type SocketLoad, type SocketMember, type SocketResult, runSocket } from "./socket-scenario.js";

/**
 * Each member's steady send rate: 0.4 a second is 24 a minute, under the server's per-user limit of 30 a
 * minute (MESSAGE_RATE in apps/server/src/modules/chats/chats.service.ts; importing it would type-check the
 * server's Fastify plugin augmentations into the bench), so no send is refused however the run falls across
 * the limit's windows and the rows measure delivery, not the limiter. Load grows with BENCH_SOCKET_MEMBERS;
 * 15 s rather than the HTTP rows' 8 gives the slow rate enough messages for a p99.
 */
const SOCKET_RATE_PER_MEMBER = 0.4;
const SERVER_MESSAGES_PER_MINUTE = 30;

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../results");

function table(results: HttpResult[], ceiling: HttpResult): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${(r.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`,
  );
  return ["| scenario | req/s | × C_hello | p50 ms | p99 ms | errors |", "|---|---|---|---|---|---|", ...rows].join("\n");
}

function socketTable(results: SocketResult[], ceiling: SocketResult): string {
  const rows = results.map((r) => {
    const errors = Object.entries(r.errors).map(([code, count]) => `${code} ${count}`);
    return `| ${r.name} | ${r.members} | ${r.offeredPerSecond} | ${r.deliveredPerSecond} | ${(r.deliveredPerSecond / ceiling.deliveredPerSecond).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.lost} | ${errors.join(", ") || 0} |`;
  });
  return [
    "| scenario | members | offered msg/s | delivered msg/s | × C_socket | p50 ms | p99 ms | lost | errors |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** A whole number from the environment, or the default; anything else stops the run before it starts. */
function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
}

/**
 * Starts the real built server (PGlite, or PostgreSQL when DATABASE_URL is set) and the bare ceilings, loads
 * both the same way and reports every scenario as a ratio against its ceiling measured in this run.
 * Catalogue rows run against whatever catalogue the database holds: the demo catalogue on PGlite, the
 * generated one (`npm run seed:bench`) on DATABASE_URL. The socket rows run last, as their setup adds members,
 * products and chats that would otherwise be in the catalogue rows' listings.
 */
async function main(): Promise<void> {
  const socketMembers = numberFromEnv("BENCH_SOCKET_MEMBERS", 200);
  const socketLoad: SocketLoad = {
    ratePerMember: numberFromEnv("BENCH_SOCKET_RATE", SOCKET_RATE_PER_MEMBER),
    seconds: numberFromEnv("BENCH_SOCKET_SECONDS", 15),
    warmupSeconds: 2,
  };
  const ceilingServer = await startHelloCeiling();
  const socketCeiling = await startSocketCeiling();
  const mail = await startTestMailServer();
  const databaseUrl = process.env.DATABASE_URL;
  const server = await startServer({ env: { LOG_LEVEL: "warn", SMTP_URL: mail.url, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
  try {
    const ceiling = await runHttp("C_hello (bare Fastify, 30 items)", ceilingServer.url);
    const results = [
      ceiling,
      await runHttp("GET /v1/health (database round trip)", `${server.baseUrl}/v1/health`),
      await runHttp("GET / (web app shell)", `${server.baseUrl}/`, { headers: { accept: "text/html" } }),
    ];
    const catalogue = await catalogueScenarios(server.baseUrl);
    for (const scenario of catalogue.scenarios) results.push(await runHttp(scenario.name, scenario.url));

    // The ceiling knows no chats: any id pairs two members in one room.
    const ceilingMembers: SocketMember[] = Array.from({ length: socketMembers / 2 }, () => randomUUID()).flatMap((chatId) => [{ chatId }, { chatId }]);
    const socketCeilingResult = await runSocket("C_socket (bare Socket.IO, echo to the room)", socketCeiling.url, ceilingMembers, socketLoad);
    const members = await chatMembers(server.baseUrl, mail, socketMembers);
    const socketResults = [socketCeilingResult, await runSocket("send_message → new_message (stored, then to the room)", server.baseUrl, members, socketLoad)];

    const database = databaseUrl ? "PostgreSQL" : "PGlite (demo catalogue)";
    const machine = `on this machine (${process.arch}, ${cpus().length} CPUs, Node ${process.version})`;
    const socketDescription = `${socketMembers} members connected over websockets in chats of two, each sending ${socketLoad.ratePerMember} message/s (${Math.round(socketLoad.ratePerMember * 60)} a minute; the server allows ${SERVER_MESSAGES_PER_MINUTE} a minute per user), open loop, ${socketLoad.seconds} s counted after ${socketLoad.warmupSeconds} s of warm-up; latency is send → \`new_message\` received by the other member`;
    const report = `# Lootlane bench — ${new Date().toISOString()}\n\nDatabase: ${database}, ${catalogue.description}; autocannon -c 100, 8 s each, ${machine}.\n\n${table(results, ceiling)}\n\nSocket: ${socketDescription}.\n\n${socketTable(socketResults, socketCeilingResult)}\n`;
    console.log(report);
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, `${new Date().toISOString().slice(0, 10)}${databaseUrl ? "-postgres" : "-pglite"}.md`), report);
  } finally {
    await server.stop();
    await mail.close();
    await socketCeiling.close();
    await ceilingServer.close();
  }
}

await main();
