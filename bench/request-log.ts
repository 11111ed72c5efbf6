/**
 * What the request log costs (issues 27 and 38): cached `GET /api/products?limit=20` on the
 * production build (`node dist/server.js`), at `LOG_LEVEL=warn` (no line per request) and at
 * the default `info` (one line per request), with the server's standard output as operators
 * run it: to a file (`npm start > log`) and to a pipe (`npm start | cat > log`). Issue 38 asks
 * that info keep ≥ 0.9× the throughput of warn on both.
 *
 * Each measurement starts a fresh server on the same embedded database (the demo catalogue,
 * made once at the start; DATABASE_URL for PostgreSQL instead), warms it for WARMUP seconds
 * and drives it for SECONDS with autocannon at CONNECTIONS. A round measures the four cases
 * (warn and info, file and pipe), the order reversed every other round so that both levels
 * see the same machine; each pair's ratio is info / warn of one round. Beside the requests
 * per second it prints the CPU the server (and `cat`) spent per request, which a busy
 * machine moves much less, and checks that the log holds a line for every request answered
 * (the buffered lines are written when the server stops).
 *
 *   npm run build && npx tsx bench/request-log.ts
 *   ROUNDS (default 4), SECONDS (10), WARMUP (3), CONNECTIONS (50), SERVER_ROOT (another
 *   checkout with its own build), DATABASE_URL (PostgreSQL with a catalogue).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { projectRoot } from "../server/project-root";
import { freePort } from "./servers";
import { processCpuSeconds } from "./wrk";

const PATH = "/api/products?limit=20";
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ROOT = process.env.SERVER_ROOT ?? projectRoot();

type Level = "warn" | "info";
type Sink = "file" | "pipe";

interface Run {
  level: Level;
  sink: Sink;
  requestsPerSecond: number;
  /** Server CPU (user + system, all threads) per request answered, µs; `cat`'s beside it. */
  serverCpuUs: number;
  catCpuUs: number;
  /** Per-request lines in the log, and requests the server answered (warm-up included). */
  lines: number;
  answered: number;
}

/** CPU seconds of a process so far; 0 for none (no `cat`) or one that has ended. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    return processCpuSeconds(pid);
  } catch {
    return 0;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * The production server with its standard output in `logFile`: opened by the server itself
 * (file), or through `cat` (pipe: the server writes into a pipe that `cat` copies to the file).
 */
async function startServer(options: {
  dataDir: string;
  level: Level;
  sink: Sink;
  logFile: string;
  demoData?: boolean;
}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DEMO_DATA: options.demoData ? "true" : "false",
    PUBLIC_URL: url,
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password-123",
    SESSION_SECRET: "bench-session-secret-".padEnd(48, "x"),
    CATALOGUE_CACHE: "on",
    LOG_LEVEL: options.level,
  };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const fd = openSync(options.logFile, "w");
  let cat: ChildProcess | undefined;
  let stdout: number | NodeJS.WritableStream = fd;
  if (options.sink === "pipe") {
    cat = spawn("cat", [], { stdio: ["pipe", fd, "inherit"] });
    stdout = cat.stdin!;
  }
  let errors = "";
  const server = spawn("node", ["dist/server.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", stdout as number, "pipe"],
  });
  // The children hold their own copies of the descriptors now.
  closeSync(fd);
  cat?.stdin?.destroy();
  server.stderr!.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-8192)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó al iniciar:\n${errors}`);
    const status = await fetch(`${url}/api/categories`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      server.kill("SIGKILL");
      throw new Error(`sin respuesta de ${url}:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    server,
    cat,
    /** SIGTERM, then waits for the server and `cat` (which ends when the pipe closes). */
    async stop() {
      server.kill("SIGTERM");
      await exited(server);
      if (cat) await exited(cat);
      if (server.exitCode !== 0) throw new Error(`el servidor salió con ${server.exitCode}`);
    },
  };
}

async function drive(url: string, seconds: number) {
  const result = await autocannon({
    url: url + PATH,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "accept-encoding": "gzip, br" },
  });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${PATH}: ${result.errors} errores, ${result.non2xx} respuestas no 2xx`);
  }
  return result;
}

async function measure(dataDir: string, level: Level, sink: Sink, logFile: string): Promise<Run> {
  const running = await startServer({ dataDir, level, sink, logFile });
  let answered = 0;
  let result;
  let cpu = 0;
  let catCpu = 0;
  try {
    answered += (await drive(running.url, WARMUP)).requests.total;
    const before = cpuSeconds(running.server.pid);
    const catBefore = cpuSeconds(running.cat?.pid);
    result = await drive(running.url, SECONDS);
    cpu = cpuSeconds(running.server.pid) - before;
    catCpu = cpuSeconds(running.cat?.pid) - catBefore;
    answered += result.requests.total;
  } finally {
    await running.stop();
  }
  const log = readFileSync(logFile, "utf8");
  const lines = log.split("\n").filter((line) => line.includes('"msg":"solicitud"')).length;
  rmSync(logFile, { force: true });
  return {
    level,
    sink,
    requestsPerSecond: Math.round(result.requests.average),
    serverCpuUs: Math.round((cpu * 1e6) / result.requests.total),
    catCpuUs: Math.round((catCpu * 1e6) / result.requests.total),
    lines,
    answered,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function describe(run: Run): string {
  const lines =
    run.level === "info"
      ? `, ${run.lines} líneas para ${run.answered} respuestas${run.lines < run.answered ? " (¡faltan líneas!)" : ""}`
      : "";
  const cat = run.sink === "pipe" ? ` + cat ${run.catCpuUs} µs` : "";
  return (
    `${run.level.padEnd(4)} ${run.sink}: ${run.requestsPerSecond} req/s, ` +
    `CPU ${run.serverCpuUs} µs/petición${cat}${lines}`
  );
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "tiangue-request-log-"));
  const dataDir = join(work, "data");
  const logFile = join(work, "server.log");
  try {
    if (!process.env.DATABASE_URL) {
      console.log("Creando el catálogo de demostración (PGlite)…");
      const seeding = await startServer({
        dataDir,
        level: "warn",
        sink: "file",
        logFile,
        demoData: true,
      });
      await seeding.stop();
    }
    const ratios: Record<Sink, number[]> = { file: [], pipe: [] };
    const cpuRatios: Record<Sink, number[]> = { file: [], pipe: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const cases: [Level, Sink][] = [
        ["warn", "file"],
        ["info", "file"],
        ["warn", "pipe"],
        ["info", "pipe"],
      ];
      if (round % 2) cases.reverse();
      const runs: Run[] = [];
      for (const [level, sink] of cases) {
        const run = await measure(dataDir, level, sink, logFile);
        console.log(`ronda ${round + 1}  ${describe(run)}`);
        runs.push(run);
      }
      for (const sink of ["file", "pipe"] as const) {
        const warn = runs.find((r) => r.sink === sink && r.level === "warn")!;
        const info = runs.find((r) => r.sink === sink && r.level === "info")!;
        ratios[sink].push(info.requestsPerSecond / warn.requestsPerSecond);
        cpuRatios[sink].push(
          (info.serverCpuUs + info.catCpuUs) / (warn.serverCpuUs + warn.catCpuUs),
        );
      }
    }
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    for (const sink of ["file", "pipe"] as const) {
      console.log(
        `${sink === "file" ? "archivo" : "tubería"}: info/warn ×${median(ratios[sink]).toFixed(2)} ` +
          `en req/s (pares: ${ratios[sink].map((r) => r.toFixed(2)).join(" ")}); ` +
          `CPU por petición ×${median(cpuRatios[sink]).toFixed(2)} ` +
          `(${cpuRatios[sink].map((r) => r.toFixed(2)).join(" ")})`,
      );
    }
    console.log(
      `carga ${load}; ${CONNECTIONS} conexiones, ${WARMUP} s + ${SECONDS} s por medición`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
