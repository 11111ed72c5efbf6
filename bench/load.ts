import autocannon, { type Request } from "autocannon";
import { runWrk, wrkAvailable } from "./wrk";

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

/**
 * Which program drives the load. autocannon runs inside this Node process and costs about as
 * much CPU per request as the server it measures; wrk (C, `apt-get install -y wrk`) costs a
 * fraction of that, which matters when the generator shares the server's cores.
 */
export type LoadGenerator = "wrk" | "autocannon";

/**
 * LOAD_GENERATOR=wrk|autocannon picks one; by default wrk when it is on PATH, otherwise
 * autocannon, saying so (figures from the two are not comparable).
 */
export function chooseLoadGenerator(
  requested: string | undefined = process.env.LOAD_GENERATOR,
  log: (message: string) => void = console.log,
): LoadGenerator {
  if (requested === "autocannon") return "autocannon";
  if (requested && requested !== "wrk") {
    throw new Error(`LOAD_GENERATOR=${requested}: se admite «wrk» o «autocannon»`);
  }
  if (wrkAvailable()) return "wrk";
  if (requested === "wrk") throw new Error("LOAD_GENERATOR=wrk, pero wrk no está en el PATH");
  log(
    "wrk no está en el PATH: se usa autocannon (en este mismo proceso Node, que gasta tanta CPU " +
      "por petición como el servidor; instale wrk con `apt-get install -y wrk`).",
  );
  return "autocannon";
}

/** The figures both generators give (latencies in ms), and the CPU the generator itself used. */
export interface GeneratorFigures {
  generator: LoadGenerator;
  requestsPerSecond: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** User + system CPU seconds of the generator (wrk's process, or this Node process). */
  generatorCpuSeconds: number;
}

/**
 * GET `url` for `duration` seconds at `connections` keep-alive connections, with wrk (one
 * thread: `wrk -t1 -c<connections> -d<duration>s --latency`) or autocannon; same
 * `accept-encoding` either way.
 */
export async function measureGetWith(
  generator: LoadGenerator,
  url: string,
  options: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<GeneratorFigures> {
  if (generator === "wrk") {
    const { figures, cpuSeconds } = await runWrk(url, {
      connections: options.connections,
      duration: options.duration,
      headers: { "accept-encoding": "gzip, br", ...options.headers },
    });
    return generatorFigures(generator, figures, cpuSeconds);
  }
  const before = process.cpuUsage();
  const figures = await measureLoad(url, {
    connections: options.connections,
    duration: options.duration,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const used = process.cpuUsage(before);
  return generatorFigures(generator, figures, (used.user + used.system) / 1e6);
}

/** The figures both generators give, with the generator's own CPU. */
function generatorFigures(
  generator: LoadGenerator,
  figures: Omit<GeneratorFigures, "generator" | "generatorCpuSeconds">,
  generatorCpuSeconds: number,
): GeneratorFigures {
  const { requestsPerSecond, mean, p50, p90, p99, errors, non2xx, total } = figures;
  return {
    generator,
    requestsPerSecond,
    mean,
    p50,
    p90,
    p99,
    errors,
    non2xx,
    total,
    generatorCpuSeconds,
  };
}

/** Size in bytes of the answer as a client receives it, for a same-size baseline. */
export async function bodySize(url: string, init?: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  const buffer = await response.arrayBuffer();
  return buffer.byteLength;
}
