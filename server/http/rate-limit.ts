import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Database } from "../../db/client";
import { hitCounter, readCounter } from "../modules/auth/rate-limits.repository";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands to a store's constructor and to child(): its merged options. */
interface StoreOptions {
  timeWindow?: unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit store backed by the `rate_limits` table, so every app process
 * behind a load balancer shares one count (decisions §1). A hit is one upsert; keys
 * are `http:<METHOD> <route>:<client key>`, so each route has its own limit.
 */
export function pgRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: StoreOptions = {}) {
      const route = options.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(",") : (route?.method ?? "*");
      this.prefix = `http:${method} ${route?.url ?? "*"}:`;
    }

    incr(key: string, callback: Callback, timeWindow: number, _max: number): void {
      hitCounter(db, this.prefix + key, timeWindow).then(
        (counter) => callback(null, { current: counter.hits, ttl: counter.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** Non-counting read, used by `createRateLimit()(request, { increment: false })`. */
    read(key: string, callback: Callback): void {
      readCounter(db, this.prefix + key).then(
        (counter) => callback(null, { current: counter.hits, ttl: counter.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new PgRateLimitStore(routeOptions as StoreOptions);
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Route config for public writes (reviews, registrations, cart): 30 a minute per address. */
export const PUBLIC_WRITE_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };
