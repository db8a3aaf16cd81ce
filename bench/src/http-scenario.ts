import autocannon from "autocannon";
import { percentile } from "./percentile.js";

/**
 * What one autocannon run asks for; the URL is the only thing every scenario has to say. `nextPath`, when given,
 * names the path and query of each request in turn, so every request may ask something new.
 */
export type HttpRequest = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  nextPath?: () => string;
};

export type HttpLoad = {
  seconds: number;
  connections: number;
  pipelining: number;
  /** Requests a second over all connections; unset, every connection sends as fast as answers come back. */
  overallRate?: number;
};

export type HttpResult = {
  name: string;
  load: HttpLoad;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers received, and their mean size on the wire (headers and body). */
  requests: number;
  bytesPerRequest: number;
};

/**
 * One autocannon run. Latencies are collected from every response rather than read from autocannon's summary,
 * whose histogram reports p97.5 and p99 but no p95, the percentile the search goal is written in.
 */
export async function runHttp(name: string, request: HttpRequest, load: HttpLoad): Promise<HttpResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options: autocannon.Options = {
      url: request.url,
      method: request.method ?? "GET",
      headers: request.headers ?? {},
      connections: load.connections,
      pipelining: load.pipelining,
      duration: load.seconds,
      ...(load.overallRate ? { overallRate: load.overallRate } : {}),
      ...(request.nextPath ? { requests: [{ setupRequest: (sent) => ({ ...sent, path: request.nextPath!() }) }] } : {}),
    };
    // The callback form is the one that hands back the instance, whose events carry each response's latency.
    const instance = autocannon(options, (error: unknown, done) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on("response", (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    load,
    requestsPerSecond: Math.round(result.requests.average),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    bytesPerRequest: result.requests.total === 0 ? 0 : Math.round(result.throughput.total / result.requests.total),
  };
}

/** How quickly the health check must answer for the server to count as idle again. */
const IDLE_ANSWER_MS = 100;
const SETTLE_LIMIT_MS = 120_000;

/**
 * Waits until the server answers its health check quickly: autocannon stops sending at the end of a run, but a
 * slow row with 1,000 requests in flight (100 connections × pipelining 10) leaves the server working through
 * them, and the next row would otherwise be measured behind that queue.
 */
export async function settle(baseUrl: string): Promise<void> {
  const deadline = performance.now() + SETTLE_LIMIT_MS;
  while (performance.now() < deadline) {
    const sent = performance.now();
    const response = await fetch(`${baseUrl}/v1/health`);
    await response.arrayBuffer();
    if (response.ok && performance.now() - sent < IDLE_ANSWER_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${baseUrl} was still busy ${SETTLE_LIMIT_MS / 1000} s after a row`);
}
