import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { startTestMailServer } from "@lootlane/server/test/test-mail";
import { startServer, type StartedServer } from "../../e2e/support/server.js";
import { benchAdmin } from "./admin-credentials.js";
import { type HttpScenario, catalogueScenarios } from "./catalogue-scenarios.js";
import { chatMembers } from "./chat-members.js";
import { type HttpRequest, runHttp, settle } from "./http-scenario.js";
import { cpuMeter, pidsNamed } from "./process-cpu.js";
import { serverPids } from "./process-memory.js";
import { startRoundRobinBalancer } from "./round-robin-balancer.js";
import { signedInScenarios } from "./session-scenario.js";
import { resetAfterEarlierRuns } from "./seed/bench-database.js";
import { writeResult } from "./result-file.js";
import { runSocket } from "./socket-scenario.js";

/*
 * The measurements docs/capacity.md is built on (issue 24): what each kind of request costs in CPU, on the server
 * and in PostgreSQL, and in bytes; then the model's key step, that instances add up, checked with three instances
 * behind a local round-robin balancer against one. Run on a generated PostgreSQL database (seed:bench) with Redis,
 * as a deployment of several instances runs:
 *
 *   DATABASE_URL=postgres://…/bench REDIS_URL=redis://127.0.0.1:6379 npx tsx src/capacity-run.ts
 */

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CHAT_MEMBERS = 200;
/** Each member's send rate, as the bench's socket row: under the server's per-user limit of 30 a minute. */
const MESSAGES_PER_MEMBER_SECOND = 0.4;
const INSTANCES = 3;

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
if (!databaseUrl) throw new Error("DATABASE_URL must name a database made by seed:bench");

type Cost = {
  name: string;
  perSecond: number;
  serverCpuMs: number;
  databaseCpuMs: number;
  bytes: number | null;
};

const progress = (step: string) => console.error(`[capacity] ${step}`);
const postgresPids = () => pidsNamed("postgres");

/** Runs `work` (which answers how many operations it did) and charges the CPU it took to each operation. */
async function measured(
  name: string,
  work: () => Promise<{ operations: number; seconds: number; bytes: number | null }>,
): Promise<Cost> {
  const server = await cpuMeter(serverPids);
  const database = await cpuMeter(postgresPids);
  const { operations, seconds, bytes } = await work();
  const [serverCpu, databaseCpu] = [await server.stop(), await database.stop()];
  const per = (cpuSeconds: number) => (operations === 0 ? 0 : (cpuSeconds * 1000) / operations);
  return {
    name,
    perSecond: Math.round(operations / seconds),
    serverCpuMs: per(serverCpu),
    databaseCpuMs: per(databaseCpu),
    bytes,
  };
}

const httpCost = (baseUrl: string, { name, request }: { name: string; request: HttpRequest }) =>
  measured(name, async () => {
    progress(name);
    const result = await runHttp(name, request, { seconds: SECONDS, connections: CONNECTIONS, pipelining: 1 });
    if (result.errors > 0 || result.non2xx > 0)
      throw new Error(`${name}: ${result.errors} errors and ${result.non2xx} answers not 2xx`);
    await settle(baseUrl);
    return { operations: result.requests, seconds: SECONDS, bytes: result.bytesPerRequest };
  });

const table = (costs: Cost[]) =>
  [
    "| request | req/s (100 connections) | server CPU ms | PostgreSQL CPU ms | bytes on the wire |",
    "|---|---:|---:|---:|---:|",
    ...costs.map(
      (cost) =>
        `| ${cost.name} | ${cost.perSecond} | ${cost.serverCpuMs.toFixed(2)} | ${cost.databaseCpuMs.toFixed(2)} | ${cost.bytes ?? "—"} |`,
    ),
  ].join("\n");

async function main(): Promise<void> {
  await resetAfterEarlierRuns(databaseUrl!, benchAdmin(true).email);
  const mail = await startTestMailServer();
  // Every instance must accept the others' tokens and read the same goods: the secrets are shared, as deployed.
  const env = {
    LOG_LEVEL: "warn",
    SMTP_URL: mail.url,
    MAX_CONNECTIONS_PER_IP: "0",
    DATABASE_URL: databaseUrl!,
    REDIS_URL: redisUrl,
    JWT_SECRET: randomBytes(32).toString("hex"),
    DATA_KEY: randomBytes(32).toString("hex"),
  };
  const started: StartedServer[] = [];
  try {
    started.push(await startServer({ env }));
    const one = started[0]!;
    const catalogue = await catalogueScenarios(one.baseUrl);
    const signedIn = await signedInScenarios(one.baseUrl, mail, new URL(catalogue.product.request.url).pathname);
    const kinds: HttpScenario[] = [
      catalogue.listing,
      catalogue.category,
      catalogue.product,
      catalogue.commonSearch,
      signedIn.whoAmI,
      signedIn.productPage,
      ...signedIn.reads,
    ];
    const costs: Cost[] = [];
    for (const kind of kinds) costs.push(await httpCost(one.baseUrl, kind));

    progress(`chat messages: ${CHAT_MEMBERS} members`);
    const members = await chatMembers(one.baseUrl, mail, benchAdmin(true), CHAT_MEMBERS);
    await settle(one.baseUrl);
    costs.push(
      await measured("chat message (send_message, stored, relayed, its notification queued)", async () => {
        const load = { ratePerMember: MESSAGES_PER_MEMBER_SECOND, seconds: SECONDS, warmupSeconds: 0 };
        const result = await runSocket("chat", one.baseUrl, members, load);
        return { operations: result.deliveredPerSecond * SECONDS, seconds: SECONDS, bytes: null };
      }),
    );
    await settle(one.baseUrl);

    // The model's key step: the same requests through a balancer to three instances.
    const scaled = [catalogue.product, catalogue.listing, signedIn.whoAmI];
    const alone: Cost[] = costs.filter((cost) => scaled.some((kind) => kind.name === cost.name));
    progress(`starting ${INSTANCES - 1} more instances`);
    for (let i = 1; i < INSTANCES; i++) started.push(await startServer({ env }));
    const balancer = await startRoundRobinBalancer(started.map((server) => Number(new URL(server.baseUrl).port)));
    const together: Cost[] = [];
    try {
      for (const kind of scaled) {
        const url = new URL(kind.request.url);
        const through = `${balancer.url}${url.pathname}${url.search}`;
        // The app is now at the balancer's address: a signed-in POST names it as its origin, as a browser would.
        const headers = kind.request.headers?.origin
          ? { ...kind.request.headers, origin: balancer.url }
          : kind.request.headers;
        together.push(
          await httpCost(one.baseUrl, { name: kind.name, request: { ...kind.request, url: through, headers } }),
        );
      }
    } finally {
      await balancer.close();
    }

    const machine = `${process.arch}, ${cpus().length} CPUs, Node ${process.version}`;
    const report = [
      `# Lootlane capacity measurements — ${new Date().toISOString()}`,
      `PostgreSQL (a seed:bench database) and Redis, ${machine}; the server, PostgreSQL, Redis and the load generator share the machine. ${SECONDS} s per row at ${CONNECTIONS} connections, pipelining 1. CPU ms are per request (per message delivered), summed over the server processes and over every PostgreSQL process; bytes are the mean answer on the wire, headers included.`,
      "## One instance",
      table(costs),
      `## ${INSTANCES} instances behind a round-robin TCP balancer (on the same machine)`,
      "Server CPU ms are summed over the three instances.",
      table(together),
      "For comparison, the same rows on one instance:",
      table(alone),
    ].join("\n\n");
    console.log(report);
    await writeResult("capacity", report);
  } finally {
    for (const server of started) await server.stop();
    await mail.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
