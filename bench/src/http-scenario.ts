import autocannon from "autocannon";

export type HttpResult = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

/** One autocannon run: 100 connections for `seconds`, reporting throughput and latency percentiles. */
export async function runHttp(name: string, url: string, options: { seconds?: number; pipelining?: number; headers?: Record<string, string> } = {}): Promise<HttpResult> {
  const result = await autocannon({
    url,
    connections: 100,
    pipelining: options.pipelining ?? 1,
    duration: options.seconds ?? 8,
    headers: options.headers ?? {},
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
