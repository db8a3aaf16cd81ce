import type { BuyingResult } from "./buying-scenario.js";
import type { StockBuyingResult } from "./stock-buying-scenario.js";
import type { Pipelined } from "./goals.js";
import type { HttpResult } from "./http-scenario.js";
import type { IdleSocketsResult } from "./idle-sockets-scenario.js";
import type { SocketResult } from "./socket-scenario.js";
import type { WebBundleResult } from "./web-bundle.js";

/** The HTTP rows, pipelining 1 and 10 side by side, each rate also as a share of C_hello at the same depth. */
export function httpTable(rows: Pipelined[], hello: Pipelined): string {
  const cells = (r: HttpResult, ceiling: HttpResult) =>
    `${r.requestsPerSecond} | ${(r.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)} | ${r.p50} | ${r.p99}`;
  return [
    "| scenario | req/s (p 1) | × C_hello | p50 ms | p99 ms | req/s (p 10) | × C_hello | p50 ms | p99 ms | errors |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.p1.name} | ${cells(r.p1, hello.p1)} | ${cells(r.p10, hello.p10)} | ${r.p1.errors + r.p1.non2xx + r.p10.errors + r.p10.non2xx} |`,
    ),
  ].join("\n");
}

/** Single-depth rows at a given load (fixed rate or few connections), for their percentiles. */
export function latencyTable(rows: HttpResult[]): string {
  const load = (r: HttpResult) =>
    `-c ${r.load.connections}${r.load.overallRate ? `, ${r.load.overallRate} req/s` : ", as fast as answered"}`;
  return [
    "| scenario | load | req/s | p50 ms | p95 ms | p99 ms | errors |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${load(r)} | ${r.requestsPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors + r.non2xx} |`,
    ),
  ].join("\n");
}

export function socketTable(results: SocketResult[], ceiling: SocketResult): string {
  const rows = results.map((r) => {
    const errors = Object.entries(r.errors).map(([code, count]) => `${code} ${count}`);
    return `| ${r.name} | ${r.members} | ${r.ratePerMember} | ${r.offeredPerSecond} | ${r.deliveredPerSecond} | ${(r.deliveredPerSecond / ceiling.deliveredPerSecond).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.lost} | ${errors.join(", ") || 0} |`;
  });
  return [
    "| scenario | members | msg/s each | offered msg/s | delivered msg/s | × C_io | p50 ms | p99 ms | lost | errors |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

export function idleTable(results: IdleSocketsResult[]): string {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return [
    "| process | sockets | connect s | RSS before MiB | with MiB | after MiB | heap before MiB | with MiB | after MiB | KiB per socket |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.sockets} | ${r.connectSeconds.toFixed(1)} | ${mib(r.before)} | ${mib(r.connected)} | ${mib(r.after)} | ${mib(r.heapBefore)} | ${mib(r.heapConnected)} | ${mib(r.heapAfter)} | ${(r.bytesPerConnection / 1024).toFixed(1)} |`,
    ),
  ].join("\n");
}

export function buyingLine(result: BuyingResult): string {
  const errors = Object.entries(result.errors).map(([code, count]) => `${code} × ${count}`);
  return `${result.succeeded} of ${result.purchases} purchases by ${result.buyers} buyers at once in ${result.seconds.toFixed(1)} s${errors.length > 0 ? `; refused: ${errors.join(", ")}` : ""}.`;
}

export function stockBuyingLine(result: StockBuyingResult): string {
  const errors = Object.entries(result.errors).map(([code, count]) => `${code} × ${count}`);
  return `One listing of ${result.units} units, ${result.buyers} buyers buying one unit after another at once: ${result.succeeded} bought in ${result.seconds.toFixed(1)} s (${result.purchasesPerSecond}/s), ${result.doubleSold} sold twice, ${result.leftInStock} left, ${result.soldInStock} sold by the seller's stock${errors.length > 0 ? `; then refused: ${errors.join(", ")}` : ""}.`;
}

export function bundleLine(bundle: WebBundleResult): string {
  return `From ${bundle.source}: ${bundle.files.map((file) => `\`${file.replace(/^assets\//, "")}\``).join(", ")}.`;
}
