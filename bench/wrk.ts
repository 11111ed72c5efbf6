/**
 * wrk (https://github.com/wg/wrk; Debian/Ubuntu: `apt-get install -y wrk`) as a light load
 * generator: written in C, it spends a fraction of the CPU per request that autocannon (a
 * Node process) does, which matters when it shares the server's cores (bench/processes.ts).
 * One thread (`-t1`), so it takes at most one core; `--latency` for the percentiles.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

export interface WrkFigures {
  requestsPerSecond: number;
  /** Latencies in ms. wrk prints these percentiles only (no 97.5). */
  mean: number;
  p50: number;
  p75: number;
  p90: number;
  p99: number;
  max: number;
  /** Requests completed and the seconds they took (wrk's own count). */
  total: number;
  seconds: number;
  /** Socket errors: connect + read + write + timeout. */
  errors: number;
  /** Answers outside 2xx and 3xx. */
  non2xx: number;
}

const TIME_UNITS_MS: Record<string, number> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** "333.00us", "4.15ms", "1.20s", "2.00m" → milliseconds. */
export function wrkTimeMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!match) throw new Error(`tiempo de wrk no reconocido: «${text}»`);
  return Number(match[1]) * TIME_UNITS_MS[match[2]!]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Reads the figures out of what `wrk --latency` prints. Throws when a line is missing. */
export function parseWrkOutput(output: string): WrkFigures {
  const find = (pattern: RegExp, what: string) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`salida de wrk sin ${what}:\n${output}`);
    return match;
  };
  const latency = find(/^\s*Latency\s+(\S+)\s+\S+\s+(\S+)/m, "la línea Latency");
  const percentile = (p: number) =>
    round2(wrkTimeMs(find(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m"), `el percentil ${p}`)[1]!));
  const done = find(/^\s*(\d+) requests in ([\d.]+)(us|ms|s|m),/m, "el total de peticiones");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  return {
    requestsPerSecond: Math.round(Number(find(/^Requests\/sec:\s+([\d.]+)/m, "Requests/sec")[1])),
    mean: round2(wrkTimeMs(latency[1]!)),
    p50: percentile(50),
    p75: percentile(75),
    p90: percentile(90),
    p99: percentile(99),
    max: round2(wrkTimeMs(latency[2]!)),
    total: Number(done[1]),
    seconds: round2(wrkTimeMs(done[2]! + done[3]!) / 1000),
    errors: socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
  };
}

/** Whether a `wrk` is on PATH. */
export function wrkAvailable(): boolean {
  const probe = spawnSync("wrk", ["--version"], { stdio: "ignore" });
  // `wrk --version` prints its usage and exits 1: what matters is that it ran.
  return !probe.error;
}

export interface WrkOptions {
  connections: number;
  /** Whole seconds. */
  duration: number;
  headers?: Record<string, string>;
  /** Threads (default 1: wrk then uses at most one core). */
  threads?: number;
}

export interface WrkRun {
  figures: WrkFigures;
  /** CPU seconds wrk itself used (user + system), from the kernel's accounting of the child. */
  cpuSeconds: number;
}

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) of a process: /proc/<pid>/stat, fields 14 and 15. */
export function processCpuSeconds(pid: number | "self"): number {
  const fields = statFields(pid);
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/** CPU seconds of this process's children that have ended and been waited for (fields 16, 17). */
export function childrenCpuSeconds(): number {
  const fields = statFields("self");
  return (Number(fields[15]) + Number(fields[16])) / CLOCK_TICKS;
}

/** The fields of /proc/<pid>/stat, the name (which may hold spaces) skipped: index 0 is field 1. */
function statFields(pid: number | "self"): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [stat.slice(0, stat.indexOf(" ")), "name", ...afterName];
}

/** Runs `wrk -t1 -c<connections> -d<duration>s --latency` against `url` (GET). */
export function runWrk(url: string, options: WrkOptions): Promise<WrkRun> {
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections}`,
    `-d${Math.max(1, Math.round(options.duration))}s`,
    "--latency",
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      "-H",
      `${name}: ${value}`,
    ]),
    url,
  ];
  // Reaped children's CPU time: no other child of this process ends while wrk runs.
  const before = childrenCpuSeconds();
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`wrk terminó con el código ${code}:\n${stderr}${stdout}`));
        return;
      }
      try {
        resolve({ figures: parseWrkOutput(stdout), cpuSeconds: childrenCpuSeconds() - before });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
