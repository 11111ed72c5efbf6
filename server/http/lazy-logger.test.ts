import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { lazyChildLogger } from "./lazy-logger";

/** Request loggers made only when a request logs (issue 13), with the request id as before. */
describe("lazy request loggers", () => {
  async function appAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      childLoggerFactory: lazyChildLogger,
      genReqId: () => "req-1",
    });
    app.get("/quiet", async (request) => {
      request.log.info("nothing to say");
      request.log.debug("nor this");
      return { ok: true };
    });
    app.get("/loud", async (request) => {
      request.log.warn({ thing: 1 }, "something odd");
      return { ok: true };
    });
    await app.ready();
    return { app, lines };
  }

  it("writes what the level lets through, with the request id", async () => {
    const { app, lines } = await appAt("warn");
    expect((await app.inject({ url: "/quiet" })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await app.inject({ url: "/loud" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: "req-1", msg: "something odd", thing: 1, level: 40 });
    await app.close();
  });

  it("at info, logs each request's lines and Fastify's own, all with the id", async () => {
    const { app, lines } = await appAt("info");
    await app.inject({ url: "/quiet" });
    const messages = lines.map((l) => l.msg);
    expect(messages).toEqual(["incoming request", "nothing to say", "request completed"]);
    expect(lines.every((l) => l.reqId === "req-1")).toBe(true);
    await app.close();
  });

  it("never builds the child for calls under the level", () => {
    let children = 0;
    const written: string[] = [];
    const child = { warn: (msg: string) => written.push(msg) };
    const parent = {
      level: "warn",
      child: () => {
        children++;
        return child;
      },
    } as unknown as Parameters<typeof lazyChildLogger>[0];
    const log = lazyChildLogger(parent, { reqId: "x" }, {});
    log.info("hidden");
    log.trace("hidden");
    expect(children).toBe(0);
    log.warn("shown");
    log.warn("again");
    expect(children).toBe(1);
    expect(written).toEqual(["shown", "again"]);
  });

  it("is not built when its methods are only read, as Fastify does to validate it", async () => {
    let children = 0;
    const parent = {
      level: "warn",
      child: () => {
        children++;
        return { warn: () => {} };
      },
    } as unknown as Parameters<typeof lazyChildLogger>[0];
    const log = lazyChildLogger(parent, { reqId: "x" }, {}) as unknown as Record<string, unknown>;
    for (const method of ["info", "error", "debug", "fatal", "warn", "trace", "child"]) {
      expect(typeof log[method]).toBe("function");
    }
    expect(log.level).toBe("warn");
    expect(children).toBe(0);
    // Through Fastify: a quiet request at warn builds no child logger either.
    let built = 0;
    const app = Fastify({
      logger: { level: "warn", stream: { write: () => {} } },
      childLoggerFactory(logger, bindings, options) {
        const counting = Object.create(logger) as typeof logger;
        counting.child = (b, o) => {
          built++;
          return logger.child(b, o);
        };
        return lazyChildLogger(counting, bindings, options);
      },
    });
    app.get("/quiet", async (request) => {
      request.log.info("nothing to say");
      return { ok: true };
    });
    expect((await app.inject({ url: "/quiet" })).statusCode).toBe(200);
    expect(built).toBe(0);
    await app.close();
  });
});
