/**
 * How long a restart costs with a build present (issue 15.4): spawn `node scripts/start.mjs`
 * and time the first 200 on `/`, RUNS times, on the embedded database and, when
 * DATABASE_URL is set, on PostgreSQL. The first start of each fills the demo catalogue and
 * is not counted. Needs a build (`npm run build`).
 *   tsx bench/start-time.ts            # PGlite
 *   DATABASE_URL=postgres://… tsx bench/start-time.ts
 * START_ROOTS=/a,/b compares checkouts (each with its own build), their starts interleaved
 * so that both see the same machine load. Beside the wall time it prints the CPU time the
 * server process used until that first 200 (Linux: /proc), which a busy machine inflates
 * far less than the wall time, and that of its main thread alone.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../server/project-root";
import { freePort } from "./servers";

const RUNS = Number(process.env.RUNS ?? 5);
const ROOTS = process.env.START_ROOTS?.split(",").filter(Boolean) ?? [projectRoot()];

/**
 * User + system CPU milliseconds of a running process (`/proc/<pid>/stat`: all its threads)
 * or of one of its threads (`/proc/<pid>/task/<tid>/stat`), when /proc can tell.
 */
function cpuMs(statFile: string): number | undefined {
  try {
    const fields = readFileSync(statFile, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ=100)
  } catch {
    return undefined;
  }
}

async function timeOneStart(root: string, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "ignore",
  });
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`el servidor terminó con ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("el servidor no respondió en 5 minutos");
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) {
        return {
          wall: performance.now() - started,
          cpu: cpuMs(`/proc/${child.pid}/stat`),
          // The main thread alone: V8 compiles WebAssembly and collects garbage beside it.
          main: cpuMs(`/proc/${child.pid}/task/${child.pid}/stat`),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

async function measure(label: string, env: (root: string) => NodeJS.ProcessEnv) {
  for (const root of ROOTS) await timeOneStart(root, env(root)); // fills the demo catalogue once
  const times = new Map(
    ROOTS.map((root) => [root, [] as { wall: number; cpu?: number; main?: number }[]]),
  );
  for (let i = 0; i < RUNS; i++) {
    for (const root of ROOTS) times.get(root)!.push(await timeOneStart(root, env(root)));
  }
  for (const [root, runs] of times) {
    const wall = runs.map((r) => Math.round(r.wall));
    const cpu = runs.map((r) => r.cpu).filter((c): c is number => c !== undefined);
    const main = runs.map((r) => r.main).filter((c): c is number => c !== undefined);
    const where = ROOTS.length > 1 ? ` (${root})` : "";
    console.log(
      `${label}${where}: ${wall.join(" / ")} ms (mediana ${median(wall)} ms)` +
        (cpu.length ? `; CPU mediana ${Math.round(median(cpu))} ms` : "") +
        (main.length ? ` (hilo principal ${Math.round(median(main))} ms)` : ""),
    );
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "tiangue-start-"));
const dirOf = (root: string, db: string) => join(dataDir, `${ROOTS.indexOf(root)}-${db}`);
try {
  await measure("PGlite", (root) => ({ DATA_DIR: dirOf(root, "pglite"), DATABASE_URL: "" }));
  if (process.env.DATABASE_URL) {
    await measure("PostgreSQL", (root) => ({
      DATA_DIR: dirOf(root, "pg"),
      DEMO_DATA: "true",
      SESSION_SECRET: "s".repeat(48),
    }));
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
