/**
 * WEB_CONCURRENCY (issue 13): cached product reads (`GET /api/products`) served by one
 * process and by two (node:cluster), on PostgreSQL, the load generator (autocannon, in this
 * process) on the same cores. Runs alternate 1, 2, 1, 2… so that both see the same machine
 * load; prints each run and the medians. Needs a build and DATABASE_URL (a database with a
 * catalogue; `npm run bench` on PostgreSQL runs it on its largest size too).
 *   DATABASE_URL=postgres://… tsx bench/processes.ts
 * ROUNDS (default 3), SECONDS per run (default 10), CONNECTIONS (default 50),
 * STARTUP_WAIT_MS before each run (default 15000: the second worker starts after the first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureLoad } from "./load";
import type { ProcessesResult } from "./report";
import { startProductServer } from "./servers";

export const PROCESSES_PATH = "/api/products?limit=20";

export interface ProcessesOptions {
  dataDir: string;
  databaseUrl: string;
  rounds?: number;
  seconds?: number;
  connections?: number;
  startupWaitMs?: number;
  onRun?: (workers: 1 | 2, requestsPerSecond: number) => void;
}

async function oneRun(workers: 1 | 2, options: Required<Omit<ProcessesOptions, "onRun">>) {
  const server = await startProductServer({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    env: { WEB_CONCURRENCY: String(workers) },
  });
  const url = server.url + PROCESSES_PATH;
  try {
    // It answers once the first worker listens; the second starts after it (server/cluster.ts).
    // Both runs wait the same, so that neither is measured while a process is still starting.
    await new Promise((resolve) => setTimeout(resolve, options.startupWaitMs));
    // Every worker fills its own cache: warm them all before measuring.
    await measureLoad(url, { connections: options.connections, duration: 2 });
    const figures = await measureLoad(url, {
      connections: options.connections,
      duration: options.seconds,
    });
    if (figures.errors || figures.non2xx) {
      throw new Error(`${figures.errors} errores, ${figures.non2xx} respuestas no 2xx`);
    }
    return figures.requestsPerSecond;
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** One process against two, alternating, medians of `rounds` runs each. */
export async function compareProcesses(options: ProcessesOptions): Promise<ProcessesResult> {
  const settings = {
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    rounds: options.rounds ?? 3,
    seconds: options.seconds ?? 10,
    connections: options.connections ?? 50,
    startupWaitMs: options.startupWaitMs ?? 15_000,
  };
  const runs: Record<1 | 2, number[]> = { 1: [], 2: [] };
  for (let round = 0; round < settings.rounds; round++) {
    for (const workers of [1, 2] as const) {
      const rps = await oneRun(workers, settings);
      runs[workers].push(rps);
      options.onRun?.(workers, rps);
    }
  }
  return {
    path: PROCESSES_PATH,
    connections: settings.connections,
    oneProcess: median(runs[1]),
    twoProcesses: median(runs[2]),
  };
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
      connections: Number(process.env.CONNECTIONS ?? 50),
      startupWaitMs: Number(process.env.STARTUP_WAIT_MS ?? 15_000),
      onRun: (workers, rps) => console.log(`${workers} proceso(s): ${Math.round(rps)} req/s`),
    });
    console.log(
      `Mediana: 1 proceso ${Math.round(result.oneProcess)} req/s, 2 procesos ${Math.round(result.twoProcesses)} req/s ` +
        `(${(result.twoProcesses / result.oneProcess).toFixed(2)}×), ${result.connections} conexiones, GET ${result.path}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
