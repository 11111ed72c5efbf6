import Fastify, { LogController } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { requestLog, SLOW_REQUEST_MS } from "./request-log";

/** Issue 27: one log line per request, cheap enough to leave on at the default level. */
describe("request log", () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function appAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      logController: new LogController({ disableRequestLogging: true }),
      genReqId: () => "req-7",
    });
    apps.push(app);
    await app.register(requestLog);
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
    });
    expect(lines[0].ms).toBeTypeOf("number");
    // The route, not the URL: no query string (tokens) and no per-id text.
    expect(JSON.stringify(lines)).not.toContain("secreto");
    expect(lines[1]).toMatchObject({ status: 404, reqId: "req-7" });
    expect(lines.map((l) => l.msg)).not.toContain("incoming request");
  });

  it("warns of a slow request with its URL, and at warn writes nothing else", async () => {
    const { app, lines } = await appAt("warn");
    await app.inject({ url: "/productos/1" });
    expect(lines).toEqual([]);
    await app.inject({ url: "/lento" });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: "solicitud lenta", url: "/lento", status: 200 }),
    ]);
  });

  it("at debug also says when a request arrives (what is in flight)", async () => {
    const { app, lines } = await appAt("debug");
    await app.inject({ url: "/productos/3" });
    expect(lines.map((l) => l.msg)).toEqual(["solicitud recibida", "solicitud"]);
  });
});
