import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { openTestDatabase } from "../test/test-database";
import { loggableUrl, proxyTrust } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("proxyTrust", () => {
  it("follows TRUST_PROXY: names, addresses, CIDRs and netmasks, IPv4-mapped peers", () => {
    const trusted = proxyTrust(["loopback", "10.0.0.0/255.0.0.0", "192.0.2.7", "fd00::/8"]);
    expect(trusted("127.0.0.1")).toBe(true);
    expect(trusted("::ffff:127.0.0.1")).toBe(true);
    expect(trusted("::1")).toBe(true);
    expect(trusted("10.2.3.4")).toBe(true);
    expect(trusted("192.0.2.7")).toBe(true);
    expect(trusted("fd12::1")).toBe(true);
    expect(trusted("192.0.2.8")).toBe(false);
    expect(trusted("203.0.113.5")).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(proxyTrust(true)("203.0.113.5")).toBe(true);
    expect(proxyTrust(false)("127.0.0.1")).toBe(false);
  });

  it("hides secret query values in logged URLs", () => {
    expect(loggableUrl("/api/orders/ES-1/payment?token=abc&x=1")).toBe(
      "/api/orders/ES-1/payment?token=[oculto]&x=1",
    );
    expect(loggableUrl("/api/auth/callback?state=s&code=c")).toBe(
      "/api/auth/callback?state=[oculto]&code=[oculto]",
    );
  });
});

describe("request ids and logs", () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tiangue-reqid-"));
    database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      TRUST_PROXY: "loopback",
    });
    app = await buildApp({
      config,
      database,
      sessionSecret: "s".repeat(48),
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (remoteAddress: string, id?: string) =>
    app.inject({
      method: "GET",
      url: "/healthz",
      remoteAddress,
      headers: id === undefined ? {} : { "x-request-id": id },
    });

  it("makes a new id when none is given, and returns it", async () => {
    const res = await get("127.0.0.1");
    expect(res.headers["x-request-id"]).toMatch(UUID);
  });

  it("keeps a trusted proxy's id", async () => {
    const res = await get("127.0.0.1", "lb-7f3a.01_X");
    expect(res.headers["x-request-id"]).toBe("lb-7f3a.01_X");
  });

  it("ignores an id from an untrusted peer, and an unsafe or long one from a proxy", async () => {
    expect((await get("203.0.113.5", "elegido-por-el-cliente")).headers["x-request-id"]).toMatch(
      UUID,
    );
    expect((await get("127.0.0.1", "a b")).headers["x-request-id"]).toMatch(UUID);
    expect((await get("127.0.0.1", "a".repeat(129))).headers["x-request-id"]).toMatch(UUID);
    expect((await get("127.0.0.1", "a".repeat(128))).headers["x-request-id"]).toBe("a".repeat(128));
  });

  it("logs JSON lines with the request id, never the cookie, password or a link's token", async () => {
    lines.length = 0;
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login?token=token-secreto-123",
      remoteAddress: "127.0.0.1",
      headers: { cookie: "tiangue_session=galleta-secreta", "x-request-id": "rastro-42" },
      payload: { username: "nadie", password: "clave-secreta-999" },
    });
    expect(res.headers["x-request-id"]).toBe("rastro-42");
    const mine = lines.filter((line) => line.reqId === "rastro-42");
    expect(mine.length).toBeGreaterThanOrEqual(1);
    // One line per request (issue 27), with its id, route and status ('solicitud lenta' when
    // the password hash took over a second on a busy machine).
    expect(mine.filter((line) => String(line.msg).startsWith("solicitud"))).toEqual([
      expect.objectContaining({ method: "POST", route: "/api/auth/login", status: 401 }),
    ]);
    expect(mine.some((line) => line.msg === "incoming request")).toBe(false);
    const text = JSON.stringify(lines);
    expect(text).not.toContain("galleta-secreta");
    expect(text).not.toContain("clave-secreta-999");
    expect(text).not.toContain("token-secreto-123");
  });

  it("redacts credentials in whatever is logged with them", () => {
    lines.length = 0;
    app.log.info(
      {
        headers: { cookie: "galleta", authorization: "Bearer x" },
        body: { password: "p", token: "t" },
      },
      "prueba",
    );
    expect(lines[0]).toMatchObject({
      headers: { cookie: "[oculto]", authorization: "[oculto]" },
      body: { password: "[oculto]", token: "[oculto]" },
    });
  });
});
