import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/client";
import type { PublicCache } from "../cache/index";
import { AppError } from "../errors";

/**
 * `GET /metrics` in Prometheus' text format (issue 13): requests by route pattern and
 * status, the PostgreSQL pool, the public-read cache, the mail outbox's backlog and
 * prom-client's process metrics (event-loop delay among them).
 *
 * Reachable with `Authorization: Bearer <METRICS_TOKEN>`, or from this machine: the
 * client address is Fastify's `request.ip`, so a request forwarded by a trusted proxy on
 * loopback counts as its real client, not as loopback.
 *
 * Each process has its own registry: under WEB_CONCURRENCY>1 a scrape reaches whichever
 * worker takes the connection (see the README).
 */

export interface MetricsOptions {
  db: Database;
  /** The app's public-read cache, whose hits and misses are counted. */
  publicCache: PublicCache;
  /** METRICS_TOKEN; unset means loopback only. */
  token?: string;
  /** Unsent e-mails, read at scrape time (the mail outbox's backlog). */
  outboxBacklog: () => Promise<number>;
  /** Rows the daily purge deleted since the process started, by kind (server/maintenance). */
  purged?: () => Readonly<Record<string, number>>;
}

/** Buckets in seconds: most answers take milliseconds; uncached pages tens of them. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** drizzle's node-postgres driver keeps the pg Pool as `$client`; PGlite has no pool. */
function poolOf(db: Database): PoolCounts | undefined {
  const client = (db as unknown as { $client?: Partial<PoolCounts> }).$client;
  return client && typeof client.totalCount === "number" ? (client as PoolCounts) : undefined;
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Constant-time comparison (of digests, so that lengths do not leak either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Builds the registry with every metric; exported for tests. */
export function createMetricsRegistry(options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern and status",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by route pattern and status",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const pool = poolOf(options.db);
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      "db_pool_connections_total",
      "PostgreSQL pool connections open",
      () => pool.totalCount,
    );
    poolGauge("db_pool_connections_idle", "PostgreSQL pool connections idle", () => pool.idleCount);
    poolGauge(
      "db_pool_requests_waiting",
      "Queries waiting for a PostgreSQL pool connection",
      () => pool.waitingCount,
    );
  }

  new Gauge({
    name: "public_cache_hits_total",
    help: "Public-read cache hits since the process started",
    registers: [registry],
    collect() {
      this.set(options.publicCache.stats().hits);
    },
  });
  new Gauge({
    name: "public_cache_misses_total",
    help: "Public-read cache misses since the process started",
    registers: [registry],
    collect() {
      this.set(options.publicCache.stats().misses);
    },
  });
  new Gauge({
    name: "mail_outbox_backlog",
    help: "E-mails in the outbox not sent yet (pending or being sent)",
    registers: [registry],
    async collect() {
      this.set(await options.outboxBacklog());
    },
  });

  const purged = options.purged;
  if (purged) {
    new Gauge({
      name: "maintenance_purged_rows_total",
      help: "Rows deleted by the daily purge in this process since it started, by kind",
      labelNames: ["kind"] as const,
      registers: [registry],
      collect() {
        for (const [kind, count] of Object.entries(purged())) this.set({ kind }, count);
      },
    });
  }

  /**
   * Each series' counter and histogram, bound once to its labels: prom-client otherwise
   * validates the labels and hashes them (sorting their names) twice per request (issue 13).
   * Keys are method, route pattern and status, whose values are few (never a raw URL).
   */
  const series = new Map<
    string,
    { count: { inc(): void }; time: { observe(seconds: number): void } }
  >();

  /** Records one answered request under its route pattern, never the raw URL. */
  function observe(request: FastifyRequest, reply: FastifyReply) {
    // Unmatched URLs share one label, so a scan of random paths cannot add series.
    const route = request.routeOptions.url ?? "(sin ruta)";
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let bound = series.get(key);
    if (!bound) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      bound = { count: requests.labels(labels), time: durations.labels(labels) };
      series.set(key, bound);
    }
    bound.count.inc();
    bound.time.observe(reply.elapsedTime / 1000);
  }

  return { registry, observe };
}

/** Registered on the root instance (fastify-plugin) so that its hook sees every route. */
export const metricsRoutes = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const { registry, observe } = createMetricsRegistry(options);
    // A callback hook, not an async one: no promise per request (issue 13).
    app.addHook("onResponse", (request, reply, done) => {
      observe(request, reply);
      done();
    });

    app.get("/metrics", async (request, reply) => {
      reply.header("cache-control", "no-store");
      const bearer = bearerOf(request);
      const allowed =
        (options.token !== undefined &&
          bearer !== undefined &&
          sameSecret(bearer, options.token)) ||
        isLoopback(request.ip);
      if (!allowed) {
        // Answered by the app's error handler, as JSON with the Spanish message.
        throw bearer === undefined
          ? AppError.unauthorized("Las métricas requieren el token de METRICS_TOKEN")
          : AppError.forbidden("Token de métricas inválido");
      }
      reply.header("content-type", registry.contentType);
      return registry.metrics();
    });
  },
  { name: "tiangue-metrics" },
);
