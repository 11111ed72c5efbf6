import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { projectRoot } from "../server/project-root";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("port")),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Resident memory of the process in MB, read from /proc. */
  residentMemoryMb(): number;
  /** The most it has held resident since it started (VmHWM), in MB. */
  peakMemoryMb(): number;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el proceso terminó al iniciar:\n${log()}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) {
        // A server stuck in its start would go on using a core through the next runs.
        child.kill("SIGKILL");
        throw new Error(`sin respuesta de ${url}:\n${log()}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

function procStatusMb(child: ChildProcess, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function wrap(child: ChildProcess, url: string, output = () => ""): RunningServer {
  return {
    url,
    process: child,
    output,
    residentMemoryMb: () => procStatusMb(child, "VmRSS"),
    peakMemoryMb: () => procStatusMb(child, "VmHWM"),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/** The production build (dist/server.js) on a free port, on the given database. */
export async function startProductServer(env: {
  dataDir: string;
  databaseUrl?: string;
  /** false: CATALOGUE_CACHE=off, every read from the database. */
  catalogueCache?: boolean;
  /** Node options before the script, e.g. ["--cpu-prof", "--cpu-prof-dir=…"] (bench/profile.ts). */
  nodeArgs?: string[];
  /** Variables set on top of the bench's own (e.g. WEB_CONCURRENCY). */
  env?: Record<string, string>;
  /** Another checkout with its own build (e.g. the tree before a change, for an A/B run). */
  root?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: env.dataDir,
    DATABASE_URL: env.databaseUrl,
    DEMO_DATA: "false",
    PUBLIC_URL: url,
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password-123",
    // Required beside DATABASE_URL (server/secrets.ts).
    SESSION_SECRET: "bench-session-secret-".padEnd(48, "x"),
    // The default logging (info: one line per request) is what an operator runs, so it is
    // what is measured (issue 27); a run may still pass LOG_LEVEL in env.env.
    CATALOGUE_CACHE: env.catalogueCache === false ? "off" : "on",
    ...env.env,
  };
  // An empty DATABASE_URL is refused by the config check: the embedded run must not set it.
  if (!env.databaseUrl) delete childEnv.DATABASE_URL;
  const child = spawn("node", [...(env.nodeArgs ?? []), "dist/server.js"], {
    cwd: env.root ?? projectRoot(),
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The last 64 KB are enough to say why a server failed; at info it writes a line a request.
  const keep = (c: Buffer) => (log = (log + c.toString()).slice(-65_536));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await waitUntilAnswering(`${url}/api/categories`, child, () => log);
  return wrap(child, url, () => log);
}

/** The bare node:http baseline (bench/baseline-server.mjs). */
export async function startBaselineServer(): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["bench/baseline-server.mjs", String(port)], {
    cwd: projectRoot(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitUntilAnswering(url, child, () => "");
  return wrap(child, url);
}
