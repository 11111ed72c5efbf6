import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { LogController } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  asyncStdout,
  LOG_FLUSH_MS,
  requestLog,
  SLOW_REQUEST_MS,
  type LogDestination,
} from "./request-log";

/** Issue 27: one log line per request, cheap enough to leave on at the default level. */
describe("request log", () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function appAt(level: string, destination?: LogDestination, flush?: () => void) {
    const lines: Record<string, unknown>[] = [];
    const stream = destination ?? { write: (line: string) => lines.push(JSON.parse(line)) };
    const app = Fastify({
      logger: { level, stream },
      logController: new LogController({ disableRequestLogging: true }),
      genReqId: () => "req-7",
    });
    apps.push(app);
    await app.register(requestLog, { destination: stream, ...(flush ? { flush } : {}) });
    app.get("/productos/:id", async () => ({ ok: true }));
    app.get("/lento", async (_request, reply) => {
      // Fastify's clock for the answer, moved instead of waiting a second.
      Object.defineProperty(reply, "elapsedTime", { get: () => SLOW_REQUEST_MS + 5 });
      return { ok: true };
    });
    await app.ready();
    return { app, lines };
  }

  it("writes one line per request with its id, method, route, status and time", async () => {
    const { app, lines } = await appAt("info");
    const before = Date.now();
    await app.inject({ url: "/productos/42?token=secreto" });
    await app.inject({ url: "/no-existe" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "solicitud",
      reqId: "req-7",
      method: "GET",
      route: "/productos/:id",
      status: 200,
      pid: process.pid,
      hostname: hostname(),
    });
    expect(lines[0].ms).toBeTypeOf("number");
    expect(lines[0].time).toBeGreaterThanOrEqual(before);
    expect(lines[0].time).toBeLessThanOrEqual(Date.now());
    // Written without pino (issue 38), in pino's order, so operators' tools read it as before.
    expect(Object.keys(lines[0])).toEqual([
      "level",
      "time",
      "pid",
      "hostname",
      "reqId",
      "method",
      "route",
      "status",
      "ms",
      "msg",
    ]);
    // The route, not the URL: no query string (tokens) and no per-id text.
    expect(JSON.stringify(lines)).not.toContain("secreto");
    expect(lines[1]).toMatchObject({ status: 404, reqId: "req-7", route: "(sin ruta)" });
    expect(lines.map((l) => l.msg)).not.toContain("incoming request");
  });

  it("warns of a slow request with its URL, and at warn writes nothing else", async () => {
    const { app, lines } = await appAt("warn");
    await app.inject({ url: "/productos/1" });
    expect(lines).toEqual([]);
    await app.inject({ url: "/lento?token=secreto" });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "solicitud lenta",
        url: "/lento?token=[oculto]",
        route: "/lento",
        reqId: "req-7",
        status: 200,
      }),
    ]);
  });

  it("at debug also says when a request arrives (what is in flight)", async () => {
    const { app, lines } = await appAt("debug");
    await app.inject({ url: "/productos/3" });
    expect(lines.map((l) => l.msg)).toEqual(["solicitud recibida", "solicitud"]);
  });
});

/** Issue 38: standard output's lines are buffered, and written on close and on a timer. */
describe("buffered standard output", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  /** asyncStdout writing into a file instead of descriptor 1. */
  function fileStdout(flushMs?: number) {
    const dir = mkdtempSync(join(tmpdir(), "tiangue-log-"));
    const file = join(dir, "server.log");
    const fd = openSync(file, "w");
    const stdout = asyncStdout({ fd, ...(flushMs === undefined ? {} : { flushMs }) });
    cleanups.push(() => {
      stdout.end();
      process.removeListener("exit", stdout.flush);
      rmSync(dir, { recursive: true, force: true });
    });
    const lines = () =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { ...stdout, lines };
  }

  it("writes the lines still in the buffer when the app closes", async () => {
    // A timer that never comes during the test: only the close can have written them.
    const stdout = fileStdout(60_000);
    const app = Fastify({
      logger: { level: "info", stream: stdout.destination },
      logController: new LogController({ disableRequestLogging: true }),
    });
    await app.register(requestLog, { destination: stdout.destination, flush: stdout.flush });
    app.get("/", async () => ({ ok: true }));
    await app.inject({ url: "/" });
    app.log.warn("algo raro");
    await app.inject({ url: "/" });
    expect(stdout.lines()).toEqual([]);
    await app.close();
    expect(stdout.lines().map((line) => line.msg)).toEqual(["solicitud", "algo raro", "solicitud"]);
  });

  it("writes a quiet server's line within the flush interval", async () => {
    const stdout = fileStdout();
    stdout.destination.write('{"msg":"solicitud"}\n');
    const written = Date.now();
    expect(stdout.lines()).toEqual([]);
    while (stdout.lines().length === 0) {
      // The interval, and room for a busy machine's late timer and the write itself.
      expect(Date.now() - written).toBeLessThan(LOG_FLUSH_MS + 1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(stdout.lines()).toEqual([{ msg: "solicitud" }]);
  });

  it("writes at once what fills a write (8 KB), whole lines only", async () => {
    const stdout = fileStdout(60_000);
    const line = `${JSON.stringify({ msg: "solicitud", pad: "x".repeat(180) })}\n`;
    for (let i = 0; i < 30; i++) stdout.destination.write(line);
    // 6 KB: not yet.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stdout.lines()).toEqual([]);
    for (let i = 0; i < 30; i++) stdout.destination.write(line);
    const deadline = Date.now() + 5000;
    while (stdout.lines().length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The lines that made 8 KB, whole (each one parses); the rest waits for the next write.
    const written = stdout.lines().length;
    expect(written).toBeGreaterThan(30);
    expect(written).toBeLessThan(60);
  });
});
