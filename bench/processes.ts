/**
 * WEB_CONCURRENCY (issue 13): cached product reads (`GET /api/products`) served by one
 * process and by two (node:cluster), on PostgreSQL. The load generator runs on the same
 * cores: wrk (one thread, C) when it is on PATH, otherwise autocannon inside this Node
 * process, which costs about as much CPU per request as the server and so takes the second
 * core from it (LOAD_GENERATOR=wrk|autocannon to choose; `apt-get install -y wrk`).
 *
 * Runs alternate 1, 2, 1, 2… so that both see the same machine load; prints each run with
 * the CPU each process used (from /proc) and the medians. Each run waits until every worker
 * listens, then warms them all: WARMUP seconds per worker (5 s for one, 10 s for two) at the
 * same connections, which node:cluster's round-robin hands out in turn, so that each worker
 * fills its own cache and has its code compiled by V8 after as many requests as the single
 * process (the first seconds of a fresh process cost 2–3 times the CPU per request), and
 * the run fails if a worker got none; then it measures. Needs a build and DATABASE_URL (a
 * database with a catalogue; `npm run bench` on PostgreSQL runs it on its largest size too).
 * The ratio means something only on an otherwise idle machine: Linux (autogroup) divides the
 * CPU between sessions, so while other sessions are busy the bench's processes share about
 * one session's part, however many workers there are (docs/performance.md, "Processes").
 *   DATABASE_URL=postgres://… tsx bench/processes.ts
 * ROUNDS (default 3), SECONDS per run (default 10), WARMUP (default 5), CONNECTIONS (default
 * 50), SCHEDULING=rr|none|both (node:cluster's scheduling policy for the 2-process runs,
 * passed as NODE_CLUSTER_SCHED_POLICY; default: the server's own), CONNECTION_CLOSE=1 (a new
 * connection per request), SERVER_ROOT (another checkout with its own build).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chooseLoadGenerator, measureGetWith, type LoadGenerator } from "./load";
import type { ProcessesResult } from "./report";
import { startProductServer, type RunningServer } from "./servers";
import { processCpuSeconds } from "./wrk";

export const PROCESSES_PATH = "/api/products?limit=20";

/** node:cluster's policy for the 2-process runs; "default" leaves the server's own. */
export type Scheduling = "default" | "rr" | "none";

export interface ProcessesOptions {
  dataDir: string;
  databaseUrl: string;
  rounds?: number;
  seconds?: number;
  /** Warm-up seconds per worker (default 5). */
  warmupSeconds?: number;
  connections?: number;
  generator?: LoadGenerator;
  /** Two-process variants measured each round, after the one-process run. */
  scheduling?: Scheduling[];
  /** Another checkout with its own build. */
  root?: string;
  /**
   * `connection: close` on every request: a new connection each time, so the cost of handing
   * connections to the workers (node:cluster's primary, under round-robin) shows.
   */
  connectionClose?: boolean;
  onRun?: (workers: 1 | 2, requestsPerSecond: number, run: ProcessRun) => void;
}

export interface ProcessRun {
  workers: 1 | 2;
  scheduling: Scheduling;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU (all its processes, user + system) per request, µs. */
  serverCpuUsPerRequest: number;
  /** The load generator's CPU per request, µs. */
  generatorCpuUsPerRequest: number;
  /** Share of the server's CPU each process used: the primary first when there is one. */
  cpuShares: number[];
  /** Cores busy on average during the run: server + generator CPU seconds / wall seconds. */
  coresBusy: number;
  /** Machine load average (1 min) when the run ended. */
  load: number;
}

export interface ProcessesComparison extends ProcessesResult {
  generator: LoadGenerator;
  runs: ProcessRun[];
  /** Median req/s of each two-process variant. */
  twoBy: Partial<Record<Scheduling, number>>;
}

/** Process ids whose parent is `pid` (the cluster's workers). */
function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // It ended while we looked.
    }
  }
  return children.sort((a, b) => a - b);
}

const cpuOf = (pids: number[]) => pids.map((pid) => processCpuSeconds(pid));

async function waitForWorkers(server: RunningServer, workers: number) {
  const deadline = Date.now() + 120_000;
  const listening = () => server.output().split("Tiangue escuchando en").length - 1;
  while (listening() < workers) {
    if (Date.now() > deadline) {
      throw new Error(`${listening()} de ${workers} procesos escuchan:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Settings = Required<
  Omit<ProcessesOptions, "onRun" | "root" | "scheduling" | "connectionClose">
> & {
  headers: Record<string, string>;
  root?: string;
};

async function oneRun(workers: 1 | 2, scheduling: Scheduling, settings: Settings) {
  const env: Record<string, string> = { WEB_CONCURRENCY: String(workers) };
  if (scheduling !== "default") env.NODE_CLUSTER_SCHED_POLICY = scheduling;
  const server = await startProductServer({
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    env,
    ...(settings.root ? { root: settings.root } : {}),
  });
  const url = server.url + PROCESSES_PATH;
  try {
    // It answers once the first worker listens; the second starts after it (server/cluster.ts).
    await waitForWorkers(server, workers);
    const pid = server.process.pid!;
    const pids = [pid, ...(workers > 1 ? childPids(pid) : [])];
    if (pids.length !== workers + (workers > 1 ? 1 : 0)) {
      throw new Error(`se esperaban ${workers} procesos de trabajo, hay ${pids.length - 1}`);
    }
    // Every worker fills its own cache: warm them all before measuring.
    const warmBefore = cpuOf(pids);
    await measureGetWith(settings.generator, url, {
      connections: settings.connections,
      duration: settings.warmupSeconds * workers,
      headers: settings.headers,
    });
    const warmCpu = cpuOf(pids).map((cpu, i) => cpu - warmBefore[i]!);
    const cold = warmCpu.slice(workers > 1 ? 1 : 0).findIndex((cpu) => cpu < 0.05);
    if (cold >= 0) throw new Error(`un proceso de trabajo no recibió peticiones al calentar`);

    const before = cpuOf(pids);
    const started = process.hrtime.bigint();
    const figures = await measureGetWith(settings.generator, url, {
      connections: settings.connections,
      duration: settings.seconds,
      headers: settings.headers,
    });
    const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = cpuOf(pids).map((cpu, i) => cpu - before[i]!);
    if (figures.errors || figures.non2xx) {
      throw new Error(`${figures.errors} errores, ${figures.non2xx} respuestas no 2xx`);
    }
    const serverCpu = used.reduce((sum, cpu) => sum + cpu, 0);
    const run: ProcessRun = {
      workers,
      scheduling: workers === 1 ? "default" : scheduling,
      requestsPerSecond: figures.requestsPerSecond,
      p50: figures.p50,
      p99: figures.p99,
      serverCpuUsPerRequest: Math.round((serverCpu / figures.total) * 1e6),
      generatorCpuUsPerRequest: Math.round((figures.generatorCpuSeconds / figures.total) * 1e6),
      cpuShares: used.map((cpu) => Number((cpu / serverCpu).toFixed(3))),
      coresBusy: Number(((serverCpu + figures.generatorCpuSeconds) / wallSeconds).toFixed(2)),
      load: Number(loadavg()[0]!.toFixed(2)),
    };
    return run;
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export function describeRun(run: ProcessRun): string {
  const name =
    run.workers === 1
      ? "1 proceso          "
      : `2 procesos (${run.scheduling === "default" ? "predet." : run.scheduling.padEnd(4)}) `;
  const shares = run.cpuShares.map((share) => `${Math.round(share * 100)}%`).join("/");
  return (
    `${name}: ${String(run.requestsPerSecond).padStart(6)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
    `CPU/petición servidor ${run.serverCpuUsPerRequest} µs (${shares}), generador ` +
    `${run.generatorCpuUsPerRequest} µs, ${run.coresBusy} núcleos ocupados, carga ${run.load}`
  );
}

/** One process against two, alternating, medians of `rounds` runs each. */
export async function compareProcesses(options: ProcessesOptions): Promise<ProcessesComparison> {
  const settings: Settings = {
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    rounds: options.rounds ?? 3,
    seconds: options.seconds ?? 10,
    warmupSeconds: options.warmupSeconds ?? 5,
    connections: options.connections ?? 50,
    generator: options.generator ?? chooseLoadGenerator(),
    headers: options.connectionClose ? { connection: "close" } : {},
    ...(options.root ? { root: options.root } : {}),
  };
  const variants = options.scheduling ?? ["default"];
  const runs: ProcessRun[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    for (const [workers, scheduling] of [[1, "default"], ...variants.map((v) => [2, v])] as [
      1 | 2,
      Scheduling,
    ][]) {
      const run = await oneRun(workers, scheduling, settings);
      runs.push(run);
      options.onRun?.(workers, run.requestsPerSecond, run);
    }
  }
  const medianOf = (workers: 1 | 2, scheduling: Scheduling) =>
    median(
      runs
        .filter(
          (run) => run.workers === workers && (workers === 1 || run.scheduling === scheduling),
        )
        .map((run) => run.requestsPerSecond),
    );
  const twoBy = Object.fromEntries(variants.map((v) => [v, medianOf(2, v)]));
  return {
    path: PROCESSES_PATH,
    connections: settings.connections,
    oneProcess: medianOf(1, "default"),
    twoProcesses: medianOf(2, variants[0]!),
    generator: settings.generator,
    runs,
    twoBy,
  };
}

function schedulingFromEnv(value = process.env.SCHEDULING): Scheduling[] {
  if (!value || value === "default") return ["default"];
  if (value === "both") return ["rr", "none"];
  if (value === "rr" || value === "none") return [value];
  throw new Error(`SCHEDULING=${value}: se admite rr, none, both o default`);
}

if (process.argv[1]?.endsWith("processes.ts")) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error("DATABASE_URL es obligatorio: varios procesos necesitan PostgreSQL");
  const dataDir = mkdtempSync(join(tmpdir(), "tiangue-processes-"));
  try {
    const result = await compareProcesses({
      dataDir,
      databaseUrl,
      rounds: Number(process.env.ROUNDS ?? 3),
      seconds: Number(process.env.SECONDS ?? 10),
      warmupSeconds: Number(process.env.WARMUP ?? 5),
      connections: Number(process.env.CONNECTIONS ?? 50),
      scheduling: schedulingFromEnv(),
      connectionClose: process.env.CONNECTION_CLOSE === "1",
      ...(process.env.SERVER_ROOT ? { root: process.env.SERVER_ROOT } : {}),
      onRun: (_workers, _rps, run) => console.log(describeRun(run)),
    });
    const one = result.oneProcess;
    const twos = Object.entries(result.twoBy)
      .map(([policy, rps]) => `2 procesos (${policy}) ${rps} req/s (×${(rps / one).toFixed(2)})`)
      .join(", ");
    console.log(
      `Mediana de ${result.runs.filter((r) => r.workers === 1).length} rondas: 1 proceso ${one} req/s, ${twos}; ` +
        `${result.connections} conexiones, GET ${result.path}, generador ${result.generator} ` +
        `en los mismos núcleos; carga al final ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
