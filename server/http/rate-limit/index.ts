import { isIPv4, isIPv6 } from "node:net";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Database } from "../../../db/client";
import { hitCounter, readCounter } from "./counters.repository";

/*
 * The rate-limit module: the `rate_limits` counters (counters.repository.ts, shared by every
 * process through PostgreSQL) and what counts on them: @fastify/rate-limit's store for the
 * routes' per-address limits, and the services' own counters (sign-in throttle, login links,
 * order lookups, payment checks, the outbox's hourly cap). Everything else imports this file.
 */
export {
  hitCounter,
  purgeExpiredCounters,
  readCounter,
  resetCounter,
  undoHit,
  type Counter,
} from "./counters.repository";

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

/**
 * Issue 37 L7: the merchant portal's writes (every method but GET/HEAD/OPTIONS under
 * /api/merchant), together, per client address: twice a public route's, since a merchant
 * at work saves product after product. Counted after the guard (401 first).
 */
export const PORTAL_WRITE_LIMIT = { max: 60, timeWindow: "1 minute" };

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** An `onRequest` hook that counts a scope's writes under one per-address limit. */
export function limitWrites(
  scope: FastifyInstance,
  limit: { max: number; timeWindow: string } = PORTAL_WRITE_LIMIT,
  name = "portal-writes",
): onRequestAsyncHookHandler {
  const limiter = scope.rateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:${clientAddressKey(request)}`,
  });
  return async (request, reply) => {
    if (READS.has(request.method)) return;
    await limiter.call(scope, request, reply);
    // The plugin marks a request limited once; a route's own limit (uploads, 'Avisos') still
    // counts after this one.
    const ran = Object.getOwnPropertySymbols(request).find(
      (symbol) => symbol.description === "fastify.request.rateLimitRan",
    );
    if (ran) (request as unknown as Record<symbol, boolean>)[ran] = false;
  };
}

/**
 * What every per-address limit counts a client by (the rate limits and the sign-in
 * throttle): an IPv4 address as it is, also when written IPv4-mapped (::ffff:1.2.3.4);
 * an IPv6 address by its /64, since one subscriber usually holds a whole /64 and could
 * otherwise step out of any limit by changing address. Anything else is kept as given.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ""); // an IPv6 zone (fe80::1%eth0) names no other client
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6], groups[7]];
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The address key of a request's client (request.ip honours TRUST_PROXY). */
export function clientAddressKey(request: FastifyRequest): string {
  return addressKey(request.ip);
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = text.slice(0, dotted.index) + tail;
  }
  const [head, rest] = text.split("::");
  const before = head ? head.split(":") : [];
  const after = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - before.length - after.length).fill("0");
  return [...before, ...zeros, ...after].map((g) => parseInt(g, 16));
}
