import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { outboxEmails } from "../../db/schema/index";
import { createTestApp, type TestApp } from "../test/test-app";

const TOKEN = "metrics-token-0123456789abcdef";
const OUTSIDE = "203.0.113.5";

/** The value of one sample line (`name{labels} value`) of a scrape, or undefined. */
function sample(text: string, line: RegExp): number | undefined {
  const found = text.split("\n").find((l) => line.test(l));
  return found === undefined ? undefined : Number(found.split(" ").at(-1));
}

describe("GET /metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = () =>
    t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });

  it("answers the token from anywhere, in Prometheus' text format", async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    // prom-client's process metrics include the event-loop delay.
    expect(res.body).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(res.body).toMatch(/^public_cache_hits_total \d+/m);
    expect(res.body).toMatch(/^public_cache_misses_total \d+/m);
  });

  it("answers loopback without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(res.statusCode).toBe(200);
  });

  it("refuses others: 401 without a token, 403 with a wrong one, in Spanish", async () => {
    const none = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: OUTSIDE });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      message: "Las métricas requieren el token de METRICS_TOKEN",
    });
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      message: "Token de métricas inválido",
    });
  });

  it("refuses a client forwarded by a trusted proxy on loopback", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": OUTSIDE },
    });
    expect(res.statusCode).toBe(401);
  });

  it("counts requests by route pattern and status, never by raw URL", async () => {
    const line =
      /^http_requests_total\{method="GET",route="\/api\/products\/:idOrSlug",status="404"\} /;
    const before = sample((await scrape()).body, line) ?? 0;
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products/un-producto-que-no-existe",
    });
    expect(res.statusCode).toBe(404);
    const text = (await scrape()).body;
    expect(sample(text, line)).toBe(before + 1);
    expect(text).not.toContain("un-producto-que-no-existe");
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:idOrSlug",status="404"\} \d+/m,
    );
  });

  it("reports the outbox backlog read at scrape time", async () => {
    const line = /^mail_outbox_backlog /;
    const before = sample((await scrape()).body, line);
    expect(before).toBeTypeOf("number");
    await t.app.services.mail.enqueue(t.db, {
      kind: "prueba",
      dedupeKey: `metrics-${Date.now()}`,
      to: "cliente@example.com",
      subject: "Prueba",
      text: "Hola",
      html: "<p>Hola</p>",
    });
    expect(sample((await scrape()).body, line)).toBe(before! + 1);
  });

  it("reports the oldest waiting e-mail's age, and stays ready with a backlog (issue 26)", async () => {
    const { id } = await t.app.services.mail.enqueue(t.db, {
      kind: "prueba",
      dedupeKey: `metrics-antiguo-${Date.now()}`,
      to: "cliente@example.com",
      subject: "Prueba",
      text: "Hola",
      html: "<p>Hola</p>",
    });
    await t.db
      .update(outboxEmails)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(outboxEmails.id, id!));
    const age = sample((await scrape()).body, /^mail_outbox_oldest_age_seconds /);
    expect(age).toBeGreaterThanOrEqual(600 - 1);
    // A mail backlog is SMTP's trouble, not a reason to take this process out of service.
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
  });

  it("reports the rendered-page cache and its memory bound (issue 27)", async () => {
    const pages = t.app.services.cache.pages!;
    const text = (await scrape()).body;
    expect(sample(text, /^page_cache_max_bytes /)).toBe(32 * 1024 * 1024);
    expect(sample(text, /^page_cache_max_bytes /)).toBe(pages.stats().maxBytes);
    for (const name of [
      "page_cache_bytes",
      "page_cache_entries",
      "page_cache_municipality_entries",
      "page_cache_hits_total",
      "page_cache_misses_total",
      "page_cache_evictions_total",
    ]) {
      expect(sample(text, new RegExp(`^${name} `)), name).toBeGreaterThanOrEqual(0);
    }
  });

  it("reports the PostgreSQL pool when there is one", async () => {
    const text = (await scrape()).body;
    const onPostgres = "totalCount" in ((t.db as unknown as { $client: object }).$client ?? {});
    if (onPostgres) expect(text).toMatch(/^db_pool_connections_total \d+/m);
    else expect(text).not.toContain("db_pool_connections_total");
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers loopback only; any bearer is refused from outside", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "::1" })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { authorization: "Bearer cualquier-cosa" },
    });
    expect(res.statusCode).toBe(403);
  });
});
