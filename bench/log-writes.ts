/**
 * What handing a log line to standard output costs (issue 38), without the server: N lines
 * shaped like the request log's, built and written to a file (a temporary one) two ways:
 *
 *   - sonic-boom in its default (string) mode, a line at a time, as pino writes, with the
 *     request log's 8 KB writes;
 *   - asyncStdout (server/http/request-log.ts): sonic-boom's buffer mode, a Buffer per line.
 *
 * Each way runs ROUNDS times in turn and prints the CPU (user + system, this process, all
 * threads) per line, the line's construction included, and the bytes written as a check.
 *
 *   npx tsx bench/log-writes.ts      LINES (default 1,000,000), ROUNDS (3)
 */
import { mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { asyncStdout, requestLine } from "../server/http/request-log";

const LINES = Number(process.env.LINES ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BASE = `,"pid":${process.pid},"hostname":"tiangue"`;

/** The request log's own line, with a request number in its id. */
const line = (i: number) => requestLine(BASE, `0f3c9a-${i}`, "GET", "/api/products", 200, 0.4);

type Way = "string mode" | "asyncStdout";

function writer(way: Way, fd: number): { write(line: string): void; done(): Promise<void> } {
  if (way === "asyncStdout") {
    const stdout = asyncStdout({ fd });
    return { write: stdout.destination.write, done: stdout.end };
  }
  const sonic = pino.destination({ dest: fd, sync: false, minLength: 8 * 1024 });
  return {
    write: (text) => sonic.write(text),
    // Resolves once every line is written and the file closed.
    done: () =>
      new Promise<void>((resolve) => {
        sonic.once("close", () => resolve());
        sonic.end();
      }),
  };
}

async function measure(way: Way, dir: string): Promise<{ usPerLine: number; bytes: number }> {
  const file = join(dir, `${way}.log`);
  const out = writer(way, openSync(file, "w"));
  const before = process.cpuUsage();
  for (let i = 0; i < LINES; i++) {
    out.write(line(i));
    // Let the writes' callbacks run, as a server's event loop does between requests.
    if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
  }
  await out.done();
  const used = process.cpuUsage(before);
  return { usPerLine: (used.user + used.system) / LINES, bytes: statSync(file).size };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "tiangue-log-writes-"));
  const ways: Way[] = ["string mode", "asyncStdout"];
  const results = new Map<Way, number[]>(ways.map((way) => [way, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const way of ways) {
        const { usPerLine, bytes } = await measure(way, dir);
        results.get(way)!.push(usPerLine);
        console.log(`ronda ${round + 1} ${way}: ${usPerLine.toFixed(2)} µs/línea, ${bytes} bytes`);
      }
    }
    for (const way of ways) {
      const sorted = [...results.get(way)!].sort((a, b) => a - b);
      console.log(`${way}: mediana ${sorted[sorted.length >> 1]!.toFixed(2)} µs de CPU por línea`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
