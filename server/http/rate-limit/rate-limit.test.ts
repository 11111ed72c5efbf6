import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../../db/client";
import { buildApp } from "../../app";
import { loadConfig } from "../../env";
import { openTestDatabase } from "../../test/test-database";
import { PUBLIC_WRITE_LIMIT, addressKey, pgRateLimitStore } from "./index";

describe("addressKey", () => {
  it("keeps IPv4 addresses and reads IPv4-mapped IPv6 as IPv4", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::FFFF:c633:6407")).toBe("198.51.100.7");
    expect(addressKey("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("counts IPv6 addresses by their /64, however they are written", () => {
    const key = "2001:db8:a:b::/64";
    expect(addressKey("2001:db8:a:b::1")).toBe(key);
    expect(addressKey("2001:DB8:A:B:ffff:eeee:dddd:cccc")).toBe(key);
    expect(addressKey("2001:0db8:000a:000b:0:0:0:1")).toBe(key);
    expect(addressKey("2001:db8:a:b::1%eth0")).toBe(key);
    expect(addressKey("2001:db8:a:c::1")).toBe("2001:db8:a:c::/64");
    expect(addressKey("2001:db8::a:b:c:d")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::/64");
    // IPv4 embedded elsewhere than ::ffff: is an IPv6 address like any other.
    expect(addressKey("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps anything that is not an address as it is", () => {
    expect(addressKey("desconocida")).toBe("desconocida");
    expect(addressKey("")).toBe("");
  });
});

type Result = { current: number; ttl: number };

describe("PostgreSQL rate-limit store", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    // The real app, with two test routes mounted where the web app would go.
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent" }),
      database,
      sessionSecret: "r".repeat(48),
      web: async (web) => {
        web.post(
          "/limited",
          { config: { rateLimit: { max: 2, timeWindow: "1 minute" } } },
          async () => ({
            ok: true,
          }),
        );
        web.post("/other", { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
          ok: true,
        }));
        web.post("/public-write", { config: PUBLIC_WRITE_LIMIT }, async () => ({ ok: true }));
        web.get("/unlimited", async () => ({ ok: true }));
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (url: string, ip = "198.51.100.1") =>
    app.inject({ method: "POST", url, headers: { "x-forwarded-for": ip } });

  it("answers 429 with the Spanish JSON error once a route's limit is passed", async () => {
    const first = await post("/limited");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-ratelimit-limit"]).toBe("2");
    expect(first.headers["x-ratelimit-remaining"]).toBe("1");
    expect((await post("/limited")).statusCode).toBe(200);
    const refused = await post("/limited");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      message: "Demasiadas solicitudes. Intenta de nuevo en un momento.",
      code: "rate_limited",
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts per route and per address", async () => {
    const ip = "198.51.100.2";
    for (let i = 0; i < 2; i++) expect((await post("/limited", ip)).statusCode).toBe(200);
    expect((await post("/limited", ip)).statusCode).toBe(429);
    expect((await post("/other", ip)).statusCode).toBe(200);
    expect((await post("/limited", "198.51.100.3")).statusCode).toBe(200);
  });

  it("counts IPv6 clients by their /64 and IPv4-mapped clients as IPv4", async () => {
    // Two addresses of one /64 share a counter …
    expect((await post("/limited", "2001:db8:aa:1::1")).statusCode).toBe(200);
    expect((await post("/limited", "2001:db8:aa:1:ffff:ffff:ffff:fffe")).statusCode).toBe(200);
    expect((await post("/limited", "2001:db8:aa:1::2")).statusCode).toBe(429);
    // … another /64 has its own.
    expect((await post("/limited", "2001:db8:aa:2::1")).statusCode).toBe(200);
    expect((await post("/limited", "2001:db8:ab:1::1")).statusCode).toBe(200);

    expect((await post("/limited", "198.51.100.9")).statusCode).toBe(200);
    expect((await post("/limited", "198.51.100.9")).statusCode).toBe(200);
    expect((await post("/limited", "::ffff:198.51.100.9")).statusCode).toBe(429);
  });

  it("leaves routes without a limit alone", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: "GET", url: "/unlimited" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
    }
  });

  it("allows 30 public writes a minute per address", async () => {
    expect(PUBLIC_WRITE_LIMIT).toEqual({ rateLimit: { max: 30, timeWindow: "1 minute" } });
    const ip = "198.51.100.4";
    const first = await post("/public-write", ip);
    expect(first.headers["x-ratelimit-limit"]).toBe("30");
    for (let i = 1; i < 30; i++) await post("/public-write", ip);
    expect((await post("/public-write", ip)).statusCode).toBe(429);
  });

  it("shares one count between store instances (several app processes) and restarts after the window", async () => {
    const Store = pgRateLimitStore(database.db);
    const route = { routeInfo: { method: "POST", url: "/compartida" } };
    const a = new Store({} as never).child(route as never);
    const b = new Store({} as never).child(route as never);
    const incr = (store: typeof a, window: number) =>
      new Promise<Result>((resolve, reject) =>
        store.incr(
          "10.0.0.1",
          (error, result) => (error ? reject(error) : resolve(result!)),
          window,
          2,
        ),
      );
    expect((await incr(a, 60_000)).current).toBe(1);
    const second = await incr(b, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    // Concurrent hits are all counted.
    const many = await Promise.all(
      Array.from({ length: 5 }, (_, i) => incr(i % 2 ? a : b, 60_000)),
    );
    expect(many.map((r) => r.current).sort((x, y) => x - y)).toEqual([3, 4, 5, 6, 7]);

    const short = new Store({} as never).child({
      routeInfo: { method: "POST", url: "/corta" },
    } as never);
    expect((await incr(short, 50)).current).toBe(1);
    expect((await incr(short, 50)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await incr(short, 50)).current).toBe(1);
  });
});
