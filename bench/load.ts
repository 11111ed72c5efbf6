import autocannon, { type Request } from "autocannon";

export interface LoadFigures {
  requestsPerSecond: number;
  /** Mean latency (ms): finer than the whole-millisecond percentiles, for growth ratios. */
  mean: number;
  p50: number;
  p90: number;
  /** autocannon's nearest percentile above p95: a search's p95 is under it. */
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Builds each request (e.g. a new cart and client address per request). */
  setupRequest?: Request["setupRequest"];
  body?: string;
}

/** Drives `url` with autocannon and keeps the figures the report needs (latencies in ms). */
export async function measureLoad(url: string, options: LoadOptions): Promise<LoadFigures> {
  const parsed = new URL(url);
  const result = await autocannon({
    url: parsed.origin,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        method: options.method ?? "GET",
        path: parsed.pathname + parsed.search,
        headers: { "accept-encoding": "gzip, br", ...options.headers },
        // autocannon copies keys over its defaults: an undefined setupRequest replaces its own.
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}),
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    mean: Number(result.latency.average.toFixed(2)),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Size in bytes of the answer as a client receives it, for a same-size baseline. */
export async function bodySize(url: string, init?: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  const buffer = await response.arrayBuffer();
  return buffer.byteLength;
}
