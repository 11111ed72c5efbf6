import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Gauge, Registry, type Counter, type Histogram } from "prom-client";
import type { Database } from "../../db/client";
import type { PageCache, PageCacheStats, PublicCache } from "../cache/index";
import { AppError } from "../errors";

/**
 * `GET /metrics` in Prometheus' text format (issue 13): requests by route pattern and
 * status, the PostgreSQL pool, the public-read cache, the rendered-page cache and its memory
 * bound (issue 27), the mail outbox's backlog and
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
  /** The app's rendered pages (null with CATALOGUE_CACHE=off): their bytes against the bound. */
  pageCache?: PageCache | null;
  /** METRICS_TOKEN; unset means loopback only. */
  token?: string;
  /** Unsent e-mails, read at scrape time (the mail outbox's backlog). */
  outboxBacklog: () => Promise<number>;
  /** Seconds the oldest unsent e-mail has waited, read at scrape time (issue 26). */
  outboxOldestAgeSeconds?: () => Promise<number>;
  /** Rows the daily purge deleted since the process started, by kind (server/maintenance). */
  purged?: () => Readonly<Record<string, number>>;
  /** Issue 35: every notice by channel and state, read at scrape time (e-mail's included). */
  notices?: () => Promise<{ channel: string; status: string; count: number }[]>;
  /** Issue 35: this process's WhatsApp stops (token or payment) and unanswered sends. */
  noticeEvents?: () => { channelStopped: number; uncertain: number };
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

interface RequestLabels {
  method: string;
  route: string;
  status: string;
}

/** One series of answered requests: plain numbers, read only when Prometheus scrapes. */
interface Series {
  labels: RequestLabels;
  count: number;
  sum: number;
  /** Observations per bucket of DURATION_BUCKETS (not cumulative); the last one is +Inf. */
  buckets: number[];
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, counted in plain numbers per
 * series and turned into prom-client's values only at scrape time (issue 13). prom-client's
 * own Counter and Histogram validate the labels and hash them (sorting their names) on every
 * request, twice: 3–4 % of a cached API read's CPU. The text they produce is the same.
 * Series are method, route pattern and status, whose values are few (never a raw URL).
 */
function requestMetrics(registry: Registry) {
  const series = new Map<string, Series>();
  const counter = {
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern and status",
    type: "counter",
    aggregator: "sum",
    async get() {
      const values = [...series.values()].map((s) => ({ labels: s.labels, value: s.count }));
      return {
        name: this.name,
        help: this.help,
        type: this.type,
        aggregator: this.aggregator,
        values,
      };
    },
    reset() {
      series.clear();
    },
  };
  const histogramName = "http_request_duration_seconds";
  /** Values as prom-client's Histogram gives them: `le` in the labels, the series' shared. */
  const histogramValues = (splay: boolean) => {
    const values: {
      labels: Record<string, string | number>;
      sharedLabels?: RequestLabels;
      value: number;
      metricName: string;
    }[] = [];
    const value = (labels: Record<string, string | number>, v: number, suffix: string, s: Series) =>
      values.push(
        splay
          ? { labels: { ...labels, ...s.labels }, value: v, metricName: histogramName + suffix }
          : { labels, sharedLabels: s.labels, value: v, metricName: histogramName + suffix },
      );
    for (const s of series.values()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        value({ le }, cumulative, "_bucket", s);
      });
      value({ le: "+Inf" }, s.count, "_bucket", s);
      value({}, s.sum, "_sum", s);
      value({}, s.count, "_count", s);
    }
    return values;
  };
  const histogram = {
    name: histogramName,
    help: "Time to answer HTTP requests, by route pattern and status",
    type: "histogram",
    aggregator: "sum",
    async getForPromString() {
      return {
        name: this.name,
        help: this.help,
        type: this.type,
        aggregator: this.aggregator,
        values: histogramValues(false),
      };
    },
    async get() {
      return {
        name: this.name,
        help: this.help,
        type: this.type,
        aggregator: this.aggregator,
        values: histogramValues(true),
      };
    },
    reset() {
      series.clear();
    },
  };
  // prom-client's Registry takes any metric with a name and get(): ours are these two.
  registry.registerMetric(counter as unknown as Counter);
  registry.registerMetric(histogram as unknown as Histogram);

  return {
    record(method: string, route: string, status: number, seconds: number) {
      const key = `${method} ${status} ${route}`;
      let s = series.get(key);
      if (!s) {
        s = {
          labels: { method, route, status: String(status) },
          count: 0,
          sum: 0,
          buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
        };
        series.set(key, s);
      }
      s.count++;
      s.sum += seconds;
      let i = 0;
      while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
      s.buckets[i]!++;
    },
  };
}

/** Builds the registry with every metric; exported for tests. */
export function createMetricsRegistry(options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestSeries = requestMetrics(registry);

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
  const pageCache = options.pageCache;
  if (pageCache) {
    const pageGauge = (name: string, help: string, read: (stats: PageCacheStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pageCache.stats()));
        },
      });
    pageGauge(
      "page_cache_max_bytes",
      "Bound of the rendered pages kept in memory (PAGE_CACHE_MB), municipality variants included",
      (s) => s.maxBytes,
    );
    pageGauge(
      "page_cache_bytes",
      "Bytes the kept rendered pages count against page_cache_max_bytes (HTML, key, headers, compressed copies)",
      (s) => s.bytes,
    );
    pageGauge("page_cache_entries", "Rendered pages kept", (s) => s.entries);
    pageGauge(
      "page_cache_municipality_entries",
      "Rendered pages kept for a shopper's remembered municipality (of page_cache_entries)",
      (s) => s.municipalityEntries,
    );
    pageGauge(
      "page_cache_hits_total",
      "Page requests answered with a kept page since the process started",
      (s) => s.hits,
    );
    pageGauge(
      "page_cache_misses_total",
      "Shareable page requests that found no kept page since the process started",
      (s) => s.misses,
    );
    pageGauge(
      "page_cache_evictions_total",
      "Kept pages pushed out, least recently used first, to stay under the bound",
      (s) => s.evictions,
    );
  }
  new Gauge({
    name: "mail_outbox_backlog",
    help: "E-mails in the outbox not sent yet (pending or being sent)",
    registers: [registry],
    async collect() {
      this.set(await options.outboxBacklog());
    },
  });
  const oldest = options.outboxOldestAgeSeconds;
  if (oldest) {
    new Gauge({
      name: "mail_outbox_oldest_age_seconds",
      help: "Seconds the oldest e-mail not sent yet has waited (0 when none): an SMTP outage shows here",
      registers: [registry],
      async collect() {
        this.set(await oldest());
      },
    });
  }

  const notices = options.notices;
  if (notices) {
    new Gauge({
      name: "notices",
      help: "Notices by channel (email, whatsapp, push) and state, all processes",
      labelNames: ["channel", "status"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await notices()) {
          this.set({ channel: row.channel, status: row.status }, row.count);
        }
      },
    });
  }
  const noticeEvents = options.noticeEvents;
  if (noticeEvents) {
    new Gauge({
      name: "whatsapp_channel_stops_total",
      help: "Times this process stopped WhatsApp sending on a token (190) or payment (131042) error",
      registers: [registry],
      collect() {
        this.set(noticeEvents().channelStopped);
      },
    });
    new Gauge({
      name: "whatsapp_unanswered_sends_total",
      help: "WhatsApp sends whose answer never came (kept 'unknown' for the status webhook)",
      registers: [registry],
      collect() {
        this.set(noticeEvents().uncertain);
      },
    });
  }
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

  /** Records one answered request under its route pattern, never the raw URL. */
  function observe(request: FastifyRequest, reply: FastifyReply) {
    // Unmatched URLs share one label, so a scan of random paths cannot add series.
    requestSeries.record(
      request.method,
      request.routeOptions.url ?? "(sin ruta)",
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
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

    app.get("/metrics", { config: { access: "operator" } }, async (request, reply) => {
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
