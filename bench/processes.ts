/**
 * WEB_CONCURRENCY (issue 13): cached product reads (`GET /api/products`) served by one
 * process and by two (node:cluster), on PostgreSQL, the load generator (autocannon, in this
 * process) on the same cores. Runs alternate 1, 2, 1, 2… so that both see the same machine
 * load; prints each run and the medians. Needs a build and DATABASE_URL.
 *   DATABASE_URL=postgres://… tsx bench/processes.ts
 * ROUNDS (default 3), SECONDS per run (default 10), CONNECTIONS (default 50),
 * STARTUP_WAIT_MS before each run (default 15000: the second worker starts after the first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureLoad } from "./load";
import { startProductServer } from "./servers";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error("DATABASE_URL es obligatorio: varios procesos necesitan PostgreSQL");
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PATH = "/api/products?limit=20";
const STARTUP_WAIT_MS = Number(process.env.STARTUP_WAIT_MS ?? 15_000);

async function oneRun(workers: number, dataDir: string): Promise<number> {
  process.env.WEB_CONCURRENCY = String(workers);
  const server = await startProductServer({ dataDir, databaseUrl });
  try {
    // It answers once the first worker listens; the second starts after it (server/cluster.ts).
    // Both runs wait the same, so that neither is measured while a process is still starting.
    await new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS));
    // Every worker fills its own cache: warm them all before measuring.
    await measureLoad(server.url + PATH, { connections: CONNECTIONS, duration: 2 });
    const figures = await measureLoad(server.url + PATH, {
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    if (figures.errors || figures.non2xx) {
      throw new Error(`${figures.errors} errores, ${figures.non2xx} respuestas no 2xx`);
    }
    return figures.requestsPerSecond;
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const dataDir = mkdtempSync(join(tmpdir(), "tiangue-processes-"));
try {
  const runs: Record<1 | 2, number[]> = { 1: [], 2: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const workers of [1, 2] as const) {
      const rps = await oneRun(workers, dataDir);
      runs[workers].push(rps);
      console.log(`${workers} proceso(s): ${Math.round(rps)} req/s`);
    }
  }
  const one = median(runs[1]);
  const two = median(runs[2]);
  console.log(
    `Mediana: 1 proceso ${Math.round(one)} req/s, 2 procesos ${Math.round(two)} req/s ` +
      `(${(two / one).toFixed(2)}×), ${CONNECTIONS} conexiones, ${SECONDS} s, GET ${PATH}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
