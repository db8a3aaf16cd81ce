import { cpus } from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase } from "@lootlane/server/db/client";
import { startTestMailServer } from "@lootlane/server/test/test-mail";
import { startServer } from "../../e2e/support/server.js";
import { benchAdmin } from "./admin-credentials.js";
import { runBuying } from "./buying-scenario.js";
import { chatMembers } from "./chat-members.js";
import { cpuMeter, pidsNamed } from "./process-cpu.js";
import { serverPids } from "./process-memory.js";
import { resetAfterEarlierRuns, selectRows } from "./seed/bench-database.js";
import { writeResult } from "./result-file.js";
import { runStockBuying } from "./stock-buying-scenario.js";

/**
 * Issue 24's per-statement profile of a purchase: the bench's two buying rows run again on a seed:bench database
 * while PostgreSQL counts every statement (pg_stat_statements) and its WAL flushes (pg_stat_wal), and /proc
 * counts the CPU of the server and of every PostgreSQL process. The report says where a purchase's time goes.
 *
 * It needs pg_stat_statements loaded (`shared_preload_libraries = 'pg_stat_statements'`, then a restart),
 * `pg_stat_statements.track_planning = on` and `track_wal_io_timing = on`:
 *   DATABASE_URL=postgres://…/bench npx tsx src/purchase-profile.ts
 */

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL must name a database made by seed:bench");
const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1000);
const STOCK_UNITS = Number(process.env.BENCH_STOCK_UNITS ?? 2000);
/** Statements listed per row: the rest are summed in one line. */
const TOP = 25;

const progress = (step: string) => console.error(`[purchase profile] ${step}`);
const share = (fraction: number) =>
  fraction.toLocaleString("en", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

type StatementRow = {
  query: string;
  calls: number;
  total_ms: number;
  mean_ms: number;
  plan_ms: number;
  rows: number;
};
type WalRow = { wal_records: number; wal_bytes: number; wal_write: number; wal_sync: number; wal_sync_time: number };

async function main(): Promise<void> {
  const admin = benchAdmin(true);
  await resetAfterEarlierRuns(databaseUrl!, admin.email);
  const { db, close } = await openDatabase({ databaseUrl: databaseUrl! });
  const mail = await startTestMailServer();
  const server = await startServer({
    env: { LOG_LEVEL: "warn", SMTP_URL: mail.url, MAX_CONNECTIONS_PER_IP: "0", DATABASE_URL: databaseUrl! },
  });
  try {
    await db.execute(sql`create extension if not exists pg_stat_statements`);
    const settings = await selectRows<{ name: string; setting: string }>(
      db,
      sql`select name, setting from pg_settings where name in ('synchronous_commit', 'fsync', 'wal_sync_method',
          'commit_delay', 'shared_buffers', 'max_connections', 'track_wal_io_timing',
          'pg_stat_statements.track_planning') order by name`,
    );

    /**
     * Runs `scenario` with every counter reset once its set-up is done (sign-ups, top-ups, the listing), just
     * before its clock starts, and answers what they counted until it ended.
     */
    const profiled = async <T extends { succeeded: number; seconds: number; errors: Record<string, number> }>(
      scenario: (beforeBuying: () => Promise<void>) => Promise<T>,
    ) => {
      let meters: { server: { stop(): Promise<number> }; postgres: { stop(): Promise<number> } } | undefined;
      const result = await scenario(async () => {
        await db.execute(sql`select pg_stat_statements_reset()`);
        await db.execute(sql`select pg_stat_reset_shared('wal')`);
        meters = { server: await cpuMeter(serverPids), postgres: await cpuMeter(() => pidsNamed("postgres")) };
      });
      const cpu = { server: await meters!.server.stop(), postgres: await meters!.postgres.stop() };
      const statements = await selectRows<StatementRow>(
        db,
        sql`select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) as query, calls::int,
                   total_exec_time::float8 as total_ms, mean_exec_time::float8 as mean_ms,
                   total_plan_time::float8 as plan_ms, rows::int
            from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
            order by total_exec_time desc`,
      );
      const [wal] = await selectRows<WalRow>(
        db,
        sql`select wal_records::int, wal_bytes::float8, wal_write::int, wal_sync::int, wal_sync_time::float8
            from pg_stat_wal`,
      );
      return { result, cpu, statements, wal: wal! };
    };

    // The seeded goods are encrypted under seed:bench's own key, which this server does not hold: as in the bench,
    // the products bought are the newest, listed through the API by the chat members (one per two members).
    progress(`${PURCHASES} listings through the API`);
    await chatMembers(server.baseUrl, mail, admin, 2 * PURCHASES);
    progress(`${PURCHASES} purchases of distinct products by ${BUYERS} buyers`);
    const distinct = await profiled((before) => runBuying(server.baseUrl, mail, admin, BUYERS, PURCHASES, before));
    progress(`one ${STOCK_UNITS}-unit listing emptied by ${BUYERS} buyers`);
    const stock = await profiled((before) => runStockBuying(server.baseUrl, mail, admin, BUYERS, STOCK_UNITS, before));

    const section = (title: string, profile: Awaited<ReturnType<typeof profiled>>) => {
      const { result, cpu, statements, wal } = profile;
      const purchases = result.succeeded;
      const per = (value: number) => (value / purchases).toFixed(2);
      const shown = statements.slice(0, TOP);
      const rest = statements.slice(TOP);
      const totalMs = statements.reduce((sum, row) => sum + row.total_ms, 0);
      const planMs = statements.reduce((sum, row) => sum + row.plan_ms, 0);
      const calls = statements.reduce((sum, row) => sum + row.calls, 0);
      return [
        `## ${title}`,
        `${purchases} purchases in ${result.seconds.toFixed(1)} s (${Math.round(purchases / result.seconds)}/s)` +
          `${Object.keys(result.errors).length > 0 ? `, refused: ${JSON.stringify(result.errors)}` : ""}. ` +
          `While they ran: server CPU ${cpu.server.toFixed(1)} s, PostgreSQL CPU ` +
          `${cpu.postgres.toFixed(1)} s (${per(1000 * cpu.server)} and ${per(1000 * cpu.postgres)} ms per purchase); ` +
          `${per(calls)} statements per purchase, ${totalMs.toFixed(0)} ms of execution and ${planMs.toFixed(0)} ms of ` +
          `planning in all (${per(totalMs)} and ${per(planMs)} ms per purchase). ` +
          `WAL: ${wal.wal_records} records, ${(wal.wal_bytes / 1024 / 1024).toFixed(1)} MiB, ${wal.wal_sync} flushes ` +
          `(${per(wal.wal_sync)} per purchase) taking ${wal.wal_sync_time.toFixed(0)} ms.`,
        [
          "| statement | calls | per purchase | mean ms | total ms | share | planning ms |",
          "|---|---|---|---|---|---|---|",
          ...shown.map(
            (row) =>
              `| \`${row.query.replaceAll("|", "\\|")}\` | ${row.calls} | ${per(row.calls)} | ${row.mean_ms.toFixed(3)} | ${row.total_ms.toFixed(0)} | ${share(row.total_ms / totalMs)} | ${row.plan_ms.toFixed(0)} |`,
          ),
          `| ${rest.length} other statements | ${rest.reduce((sum, row) => sum + row.calls, 0)} | | | ${rest
            .reduce((sum, row) => sum + row.total_ms, 0)
            .toFixed(0)} | |`,
        ].join("\n"),
      ].join("\n\n");
    };

    const machine = `${process.arch}, ${cpus().length} CPUs, Node ${process.version}`;
    const report = [
      `# Lootlane purchase profile — ${new Date().toISOString()}`,
      `PostgreSQL (a seed:bench database), ${machine}; the server, PostgreSQL and the load generator share the machine. ` +
        `Settings: ${settings.map((row) => `${row.name} = ${row.setting}`).join(", ")}.`,
      section(`${PURCHASES} distinct products, ${BUYERS} buyers`, distinct),
      section(`One ${STOCK_UNITS}-unit listing, ${BUYERS} buyers`, stock),
    ].join("\n\n");
    console.log(report);
    await writeResult("purchase-profile", report);
  } finally {
    await server.stop();
    await mail.close();
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
