import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { startTestMailServer } from "@lootlane/server/test/test-mail";
import { startServer } from "../../e2e/support/server.js";
import { benchAdmin } from "./admin-credentials.js";
import { chatMembers } from "./chat-members.js";
import { runIdleSockets } from "./idle-sockets-scenario.js";
import { freeInspectorPort, type HeapInspector, inspectFlag, openHeapInspector } from "./inspector-gc.js";
import { serverPid } from "./process-memory.js";
import { writeResult } from "./result-file.js";
import { resetAfterEarlierRuns } from "./seed/bench-database.js";

/**
 * Issue 24's profile of "server memory after the idle sockets leave": what the bench's idle-socket row leaves in the
 * server process, and whether it grows with traffic. The row runs several times on one fresh process for each
 * allocator (glibc's malloc, and jemalloc when Debian's libjemalloc2 is installed), and each reading after a full
 * collection splits the process's memory into its mappings (/proc/<pid>/smaps: glibc's main arena is `[heap]`, V8's
 * pages and other allocators' are anonymous) and V8's heap spaces. With HEAPTRACK=1 (Debian's heaptrack) a run
 * under heaptrack reads the bytes malloc holds live at the same moments, to tell live native memory from freed
 * memory the allocator keeps.
 *   [DATABASE_URL=postgres://…/bench] npx tsx src/memory-profile.ts
 */

const databaseUrl = process.env.DATABASE_URL;
const MEMBERS = Number(process.env.BENCH_SOCKET_MEMBERS ?? 2000);
const SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const JEMALLOC = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2";
const HEAPTRACK_PRELOAD = "/usr/lib/heaptrack/libheaptrack_preload.so";
const HEAPTRACK_INTERPRET = "/usr/lib/heaptrack/libexec/heaptrack_interpret";
const MIB = 1024 * 1024;

const progress = (step: string) => console.error(`[memory profile] ${step}`);
const mib = (bytes: number) => (bytes / MIB).toFixed(1);

/** One reading of the process's mappings and V8's heap, in bytes. */
type Reading = { mainArena: number; anonymous: number; v8: V8Reading };
type V8Reading = { heapTotal: number; heapUsed: number; external: number; spaces: Record<string, number> };
/** A round's resident memory (before, with the sockets, after), its readings, and when it began and ended. */
type Round = { rss: [number, number, number]; before: Reading; after: Reading; atMs: [number, number] };
type Variant = { name: string; env: Record<string, string>; heaptrackOutput?: string };

async function mappings(pid: number): Promise<{ mainArena: number; anonymous: number }> {
  let mainArena = 0;
  let anonymous = 0;
  let name = "";
  for (const line of (await readFile(`/proc/${pid}/smaps`, "utf8")).split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) name = header[1]!.trim();
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    if (name === "[heap]") mainArena += Number(rss[1]) * 1024;
    else if (name === "") anonymous += Number(rss[1]) * 1024;
  }
  return { mainArena, anonymous };
}

/** process.memoryUsage() and V8's committed space sizes, read in the server through its inspector. */
async function v8Reading(heap: HeapInspector): Promise<V8Reading> {
  return (await heap.evaluate(`({ ...process.memoryUsage(), spaces: Object.fromEntries(process
    .getBuiltinModule("v8").getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size])) })`)) as V8Reading;
}

async function reading(pid: number, heap: HeapInspector): Promise<Reading> {
  return { ...(await mappings(pid)), v8: await v8Reading(heap) };
}

/** The bytes malloc held live at each of `moments` (ms since the process started), from heaptrack's record. */
async function liveMallocAt(heaptrackOutput: string, moments: number[]): Promise<number[]> {
  const massif = `${heaptrackOutput}.massif`;
  const printed = spawnSync("heaptrack_print", ["-f", heaptrackOutput, "-M", massif, "--print-peaks", "0"], {
    stdio: "ignore",
  });
  if (printed.status !== 0) throw new Error(`heaptrack_print failed on ${heaptrackOutput}`);
  const snapshots: { seconds: number; bytes: number }[] = [];
  let seconds = 0;
  for (const line of (await readFile(massif, "utf8")).split("\n")) {
    if (line.startsWith("time=")) seconds = Number(line.slice(5));
    if (line.startsWith("mem_heap_B=")) snapshots.push({ seconds, bytes: Number(line.slice(11)) });
  }
  await Promise.all([rm(heaptrackOutput), rm(massif)]);
  return moments.map((ms) => snapshots.filter((snapshot) => snapshot.seconds * 1000 <= ms).at(-1)?.bytes ?? 0);
}

/** Starts heaptrack's interpreter on a named pipe, as the heaptrack script does; the server writes to the pipe. */
function startHeaptrack(): { env: Record<string, string>; output: string; done: Promise<void> } {
  const pipe = path.join(tmpdir(), `lootlane-heaptrack-${process.pid}.fifo`);
  const output = path.join(tmpdir(), `lootlane-heaptrack-${process.pid}.gz`);
  spawnSync("mkfifo", [pipe]);
  const interpreter = spawn("sh", ["-c", `"${HEAPTRACK_INTERPRET}" < "${pipe}" | gzip > "${output}"`], {
    stdio: "ignore",
  });
  const done = new Promise<void>((resolve) => interpreter.once("exit", () => void rm(pipe).then(resolve)));
  return { env: { LD_PRELOAD: HEAPTRACK_PRELOAD, DUMP_HEAPTRACK_OUTPUT: pipe }, output, done };
}

async function main(): Promise<void> {
  const admin = benchAdmin(!!databaseUrl);
  if (databaseUrl) await resetAfterEarlierRuns(databaseUrl, admin.email);
  const mail = await startTestMailServer();
  const env = {
    LOG_LEVEL: "warn",
    SMTP_URL: mail.url,
    MAX_CONNECTIONS_PER_IP: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  progress(`making ${MEMBERS} members through the API`);
  let server = await startServer({ env });
  const members = await chatMembers(server.baseUrl, mail, admin, MEMBERS);
  const cookies = members.map((member) => member.cookie!);
  await server.stop({ keepData: true });

  const variants: Variant[] = [{ name: "glibc malloc", env: {} }];
  if (existsSync(JEMALLOC)) variants.push({ name: "jemalloc (LD_PRELOAD)", env: { LD_PRELOAD: JEMALLOC } });
  const heaptrack = process.env.HEAPTRACK === "1" ? startHeaptrack() : undefined;
  if (heaptrack)
    variants.push({ name: "glibc malloc under heaptrack", env: heaptrack.env, heaptrackOutput: heaptrack.output });

  const results: { variant: Variant; rounds: Round[]; live?: number[] }[] = [];
  for (const variant of variants) {
    progress(`${variant.name}: ${ROUNDS} rounds of ${SOCKETS} idle sockets on one fresh server`);
    const inspectorPort = await freeInspectorPort();
    const startedAt = performance.now();
    server = await startServer({
      env: { ...env, ...variant.env, NODE_OPTIONS: inspectFlag(inspectorPort) },
      dataDir: server.dataDir,
    });
    const heap = await openHeapInspector(inspectorPort);
    const pid = await serverPid();
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const began = performance.now() - startedAt;
      await heap.collectGarbage();
      const before = rounds.at(-1)?.after ?? (await reading(pid, heap));
      const idle = await runIdleSockets(variant.name, server.baseUrl, pid, heap, SOCKETS, cookies);
      rounds.push({
        // runIdleSockets reads RSS after its own full collections; the mappings and V8's spaces are read beside them.
        rss: [idle.before, idle.connected, idle.after],
        before,
        after: await reading(pid, heap),
        atMs: [began, performance.now() - startedAt],
      });
    }
    heap.close();
    await server.stop({ keepData: true });
    results.push({ variant, rounds });
  }
  await mail.close();
  if (heaptrack) {
    await heaptrack.done;
    const traced = results.find((result) => result.variant.heaptrackOutput)!;
    traced.live = await liveMallocAt(heaptrack.output, [
      traced.rounds[0]!.atMs[0],
      ...traced.rounds.map((r) => r.atMs[1]),
    ]);
  }

  const file = await writeResult("memory-profile", report(results));
  progress(`written to ${file}`);
}

function report(results: { variant: Variant; rounds: Round[]; live?: number[] }[]): string {
  const spaces = ["old_space", "code_space", "trusted_space", "new_space", "large_object_space"];
  const lines = [
    `# Lootlane memory profile — ${new Date().toISOString()}`,
    "",
    `Database: ${databaseUrl ? "PostgreSQL" : "PGlite"}. Machine: ${process.arch}, ${cpus().length} CPUs, Node ${process.version}. ${SOCKETS} idle websocket connections of ${MEMBERS} signed-in members, as the bench's idle-socket row makes them, ${ROUNDS} times on one freshly started server per allocator. Every reading follows a full collection; a round's "before" is the previous round's "after".`,
    "",
    "| allocator | round | RSS before MiB | with | after | after / before | main arena before | after | anonymous before | after | V8 committed before | after | V8 in use before | after |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { variant, rounds } of results)
    rounds.forEach(({ rss: [rssBefore, connected, rssAfter], before, after }, index) =>
      lines.push(
        `| ${variant.name} | ${index + 1} | ${mib(rssBefore)} | ${mib(connected)} | ${mib(rssAfter)} | ${(rssAfter / rssBefore).toFixed(3)} | ${mib(before.mainArena)} | ${mib(after.mainArena)} | ${mib(before.anonymous)} | ${mib(after.anonymous)} | ${mib(before.v8.heapTotal)} | ${mib(after.v8.heapTotal)} | ${mib(before.v8.heapUsed)} | ${mib(after.v8.heapUsed)} |`,
      ),
    );
  lines.push(
    "",
    "V8's committed spaces (MiB) before the first round and after each:",
    "",
    `| allocator | reading | ${spaces.join(" | ")} |`,
    `|---|---|${spaces.map(() => "---|").join("")}`,
  );
  for (const { variant, rounds } of results)
    [rounds[0]!.before, ...rounds.map((round) => round.after)].forEach((reading, index) =>
      lines.push(
        `| ${variant.name} | ${index === 0 ? "before" : `after round ${index}`} | ${spaces.map((space) => mib(reading.v8.spaces[space] ?? 0)).join(" | ")} |`,
      ),
    );
  const traced = results.find((result) => result.live);
  if (traced)
    lines.push(
      "",
      `Bytes malloc holds live (heaptrack), against the main arena's resident size, under heaptrack: ${traced
        .live!.map(
          (bytes, index) =>
            `${index === 0 ? "before" : `after round ${index}`} ${mib(bytes)} MiB live, ${mib(index === 0 ? traced.rounds[0]!.before.mainArena : traced.rounds[index - 1]!.after.mainArena)} resident`,
        )
        .join("; ")}.`,
    );
  return lines.join("\n");
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
